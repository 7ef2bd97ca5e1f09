import {
  formatOrderNumber,
  fromCents,
  GUEST_MESSAGES,
  includedTaxCents,
  lineName,
  type Manager,
  mayManage,
  ORDER_LOOKUP_MESSAGES,
  type Order,
  type OrderLookupInput,
  STAFF_ROLE_LABELS,
  type StaffRole,
  toCents,
} from '@vitrina/shared';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { detalleVenta, producto, reembolso, usuario, venta, ventaEstadoHistorial } from '../../db/schema';
import { notFound } from '../../errors';
import { isOrderAccessToken, orderAccessToken } from './order-links';
import { BUYER_COLUMNS, guestOf, promotionsOf, toOrderLine, units } from './order-summary';

type OrderRow = typeof venta.$inferSelect;

/**
 * GET /api/venta/:id's answer: the order with its lines, address, shipping, refunds and history; who made
 * each change and who bought only for an admin. Read with `db` or inside the transaction that changed it.
 */
export async function toOrder(db: Db | Tx, order: OrderRow, admin: boolean): Promise<Order> {
  const [lines, history, buyer, refunds, promotions] = await Promise.all([
    db
      .select({
        line: detalleVenta,
        Producto: { id_producto: producto.id_producto, nombre: producto.nombre, imagen: producto.imagen },
      })
      .from(detalleVenta)
      .innerJoin(producto, eq(producto.id_producto, detalleVenta.id_producto))
      .where(eq(detalleVenta.id_venta, order.id_venta))
      .orderBy(asc(detalleVenta.id_detalle_venta)),
    db
      .select({
        estado: ventaEstadoHistorial.estado,
        fecha: ventaEstadoHistorial.fecha,
        id_usuario: usuario.id_usuario,
        nombre: usuario.primer_nombre,
        apellido: usuario.primer_apellido,
        rol: usuario.rol,
        email: usuario.email,
      })
      .from(ventaEstadoHistorial)
      .leftJoin(usuario, eq(usuario.id_usuario, ventaEstadoHistorial.id_usuario))
      .where(eq(ventaEstadoHistorial.id_venta, order.id_venta))
      .orderBy(asc(ventaEstadoHistorial.fecha), asc(ventaEstadoHistorial.id)),
    admin && order.id_usuario !== null
      ? db
          .select(BUYER_COLUMNS)
          .from(usuario)
          .where(eq(usuario.id_usuario, order.id_usuario))
          .then((rows) => rows[0])
      : undefined,
    db
      .select({
        refund: reembolso,
        id_usuario: usuario.id_usuario,
        nombre: usuario.primer_nombre,
        apellido: usuario.primer_apellido,
        rol: usuario.rol,
        email: usuario.email,
      })
      .from(reembolso)
      .leftJoin(usuario, eq(usuario.id_usuario, reembolso.id_usuario))
      .where(and(eq(reembolso.id_venta, order.id_venta), ne(reembolso.estado, 'pendiente')))
      .orderBy(asc(reembolso.actualizado), asc(reembolso.id)),
    promotionsOf(db, [order.id_venta]),
  ]);
  const total = toCents(order.valor_total_venta);
  const shipping = toCents(order.costo_envio);
  return {
    id_venta: order.id_venta,
    fecha: order.fecha.toISOString(),
    numero_pedido: order.numero_pedido === null ? null : formatOrderNumber(order.numero_pedido),
    estado: order.estado,
    direccion_envio:
      order.envio_nombre !== null && order.envio_direccion !== null && order.envio_telefono !== null
        ? {
            nombre: order.envio_nombre,
            direccion: order.envio_direccion,
            telefono: order.envio_telefono,
            ...(order.envio_region !== null && { region: order.envio_region }),
          }
        : null,
    metodo_envio: order.metodo_envio,
    retiro:
      order.metodo_envio === 'retiro'
        ? { direccion: order.retiro_direccion ?? '', horario: order.retiro_horario ?? '' }
        : null,
    subtotal: fromCents(total - shipping + toCents(order.descuento)),
    descuento: units(order.descuento),
    costo_envio: fromCents(shipping),
    promociones: promotions.get(order.id_venta) ?? [],
    valor_total_venta: fromCents(total),
    monto_reembolsado: units(order.monto_reembolsado),
    envio_reembolsado: units(order.envio_reembolsado),
    id_usuario: order.id_usuario,
    metodo_pago: order.metodo_pago,
    vence: order.vence?.toISOString() ?? null,
    instrucciones: order.pago_instrucciones,
    impuesto:
      order.impuesto_nombre !== null && order.impuesto_tasa !== null
        ? {
            nombre: order.impuesto_nombre,
            tasa: order.impuesto_tasa / 100,
            monto: fromCents(includedTaxCents(total, order.impuesto_tasa)),
          }
        : null,
    pago_marca: order.pago_marca,
    pago_ultimos4: order.pago_ultimos4,
    transportista: order.transportista,
    guia: order.guia,
    ...(admin && {
      pago_tardio:
        order.pago_tardio_monto !== null &&
        order.pago_tardio_referencia !== null &&
        order.pago_tardio_fecha !== null
          ? {
              monto: units(order.pago_tardio_monto),
              referencia: order.pago_tardio_referencia,
              fecha: order.pago_tardio_fecha.toISOString(),
            }
          : null,
    }),
    detalle_venta: lines.map(toOrderLine),
    historial: history.map((h) => ({
      estado: h.estado,
      fecha: h.fecha.toISOString(),
      ...(admin && { usuario: changedBy(h) }),
    })),
    reembolsos: refunds
      .filter(({ refund }) => refund.estado === 'completado')
      .map(({ refund, ...who }) => ({
        fecha: refund.actualizado.toISOString(),
        monto: units(refund.monto),
        envio: units(refund.envio),
        impuesto:
          order.impuesto_nombre !== null && order.impuesto_tasa !== null
            ? fromCents(includedTaxCents(toCents(refund.monto), order.impuesto_tasa))
            : null,
        lineas: refund.lineas.map((l) => ({
          nombre: refundedLineName(lines.find(({ line }) => line.id_detalle_venta === l.id_detalle_venta)),
          cantidad: l.cantidad,
        })),
        ...(admin && { usuario: changedBy(who) }),
      })),
    ...(admin && {
      reembolsos_fallidos: refunds
        .filter(({ refund }) => refund.estado === 'fallido')
        .map(({ refund }) => ({
          monto: units(refund.monto),
          motivo: refund.motivo_fallo,
          fecha: refund.actualizado.toISOString(),
        })),
    }),
    ...(buyer && { Usuario: buyer }),
    ...(admin && guestOf(order)),
  };
}

/** The admin behind a change, from a left join on usuario (null: the shop itself). */
function changedBy(who: {
  id_usuario: number | null;
  nombre: string | null;
  apellido: string | null;
  email: string | null;
  rol: StaffRole | null;
}) {
  // A staff member is named with their role, as the audit trail names them.
  const role = who.rol ? ` (${STAFF_ROLE_LABELS[who.rol]})` : '';
  return who.id_usuario === null
    ? null
    : { id_usuario: who.id_usuario, nombre: `${who.nombre} ${who.apellido}${role}`, email: who.email ?? '' };
}

export const ORDER_NOT_FOUND = 'El pedido no existe.';

/** Who is reading: the owner and staff whose role covers orders see them as the shop does. */
export interface Viewer extends Manager {
  id_usuario: number;
}

/** An order with the e-mail of its buyer: the guest's, or the account's (decision 085). */
const withBuyerEmail = (db: Db | Tx) =>
  db
    .select({ order: venta, email: sql<string>`coalesce(${venta.email_invitado}, ${usuario.email})` })
    .from(venta)
    .leftJoin(usuario, eq(usuario.id_usuario, venta.id_usuario));

/**
 * POST /api/pedidos/consulta: the order with this number whose buyer (an account, or a guest) has this
 * e-mail, as its buyer sees it, with the token of its signed link (the page the web app then shows); one
 * 404 for any mismatch (no such number, another e-mail, an order not placed yet).
 */
export async function lookUpOrder(
  db: Db,
  linkSecret: string,
  { numero_pedido, email }: OrderLookupInput,
): Promise<Order> {
  const [found] = await withBuyerEmail(db).where(
    and(
      eq(venta.numero_pedido, numero_pedido),
      or(eq(usuario.email, email), eq(venta.email_invitado, email)),
    ),
  );
  if (!found) throw notFound(ORDER_LOOKUP_MESSAGES.notFound);
  return {
    ...(await toOrder(db, found.order, false)),
    acceso: orderAccessToken(linkSecret, found.order.id_venta, found.email),
  };
}

/**
 * The order a signed link opens (decision 086): its token must be the one made for the order's buyer's
 * e-mail as it is now. A wrong id or token is the same 404.
 */
export async function orderByLink(
  db: Db | Tx,
  linkSecret: string,
  { id, acceso }: { id: number; acceso: string },
): Promise<OrderRow> {
  const [found] = await withBuyerEmail(db).where(eq(venta.id_venta, id));
  if (!found?.email || !isOrderAccessToken(linkSecret, id, found.email, acceso))
    throw notFound(GUEST_MESSAGES.linkInvalid);
  return found.order;
}

/**
 * GET /api/venta/:id: the buyer's, or any for the owner and staff who manage orders; anyone else is told it
 * does not exist (404).
 */
export async function getOrder(db: Db, viewer: Viewer, idVenta: number): Promise<Order> {
  const shopView = mayManage(viewer, 'pedidos');
  const [order] = await db.select().from(venta).where(eq(venta.id_venta, idVenta));
  if (!order || (!shopView && order.id_usuario !== viewer.id_usuario)) throw notFound(ORDER_NOT_FOUND);
  return toOrder(db, order, shopView);
}

/** A refunded line as the order page names it: the product, and its variant when it has options. */
const refundedLineName = (row: { line: { variante: string }; Producto: { nombre: string } } | undefined) =>
  row ? lineName(row.Producto.nombre, row.line.variante) : '';
