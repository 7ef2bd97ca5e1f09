import { dayInTimeZone, formatOrderNumber, PAGES, pagePath, spellDay, toCents } from '@vitrina/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { resumenPedidos, usuario, venta, ventaEstadoHistorial } from '../../db/schema';
import { dailyOrdersMail, queueMail, type ShopIdentity, type SummaryOrder } from '../mail';
import { currentShop, readShopNotices } from '../settings';
import { shopRecipients } from './order-mail';
import { orderLines } from './order-summary';

/*
 * The daily summary of paid orders (docs/decisions/083-order-notices.md): once the shop's day is over, one
 * e-mail with that day's paid orders. Every process runs the loop; the day's row in resumen_pedidos,
 * inserted in the transaction that queues the messages, lets only one of them send it, once.
 */

/** The calendar day before `day` ('2026-11-28' → '2026-11-27'). */
const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 864e5).toISOString().slice(0, 10);

/**
 * Queues yesterday's summary (in the shop's time zone) when the owner chose it and no process has yet;
 * answers the day it queued, or null.
 */
export async function queueDailySummary({
  db,
  shop: base,
  now = new Date(),
}: {
  db: Db;
  shop: ShopIdentity;
  now?: Date;
}): Promise<string | null> {
  if (!(await readShopNotices(db)).resumen_diario) return null;
  const day = dayBefore(dayInTimeZone(now, base.timeZone));
  return db.transaction(async (tx) => {
    const [claimed] = await tx.insert(resumenPedidos).values({ dia: day }).onConflictDoNothing().returning();
    if (!claimed) return null;
    const shop = await currentShop(tx, base);
    const paid = await tx
      .select({
        order: venta,
        // A guest's order (decision 085) is named by the name typed at checkout.
        nombre: sql<string>`coalesce(${venta.nombre_invitado}, ${usuario.primer_nombre} || ' ' || ${usuario.primer_apellido})`,
      })
      .from(ventaEstadoHistorial)
      .innerJoin(venta, eq(venta.id_venta, ventaEstadoHistorial.id_venta))
      .leftJoin(usuario, eq(usuario.id_usuario, venta.id_usuario))
      .where(
        and(
          eq(ventaEstadoHistorial.estado, 'pagada'),
          sql`(${ventaEstadoHistorial.fecha} AT TIME ZONE ${shop.timeZone})::date = ${day}::date`,
        ),
      )
      .orderBy(asc(venta.numero_pedido));
    const ids = paid.map((p) => p.order.id_venta);
    const lines = ids.length === 0 ? [] : await orderLines(tx, ids);
    const orders: SummaryOrder[] = paid.map(({ order, nombre }) => ({
      numero_pedido: order.numero_pedido === null ? '' : formatOrderNumber(order.numero_pedido),
      customerName: nombre,
      totalCents: toCents(order.valor_total_venta),
      lines: lines
        .filter((l) => l.line.id_venta === order.id_venta)
        .map((l) => ({ nombre: l.Producto.nombre, cantidad: l.line.cantidad })),
      destination:
        order.metodo_envio === 'retiro' ? 'Retiro en tienda' : (order.envio_region ?? 'Envío a domicilio'),
      adminUrl: `${shop.publicUrl}${pagePath(PAGES.adminOrder, order.id_venta)}`,
    }));
    const mail = {
      shopName: shop.shopName,
      logoUrl: shop.logoUrl,
      currency: shop.currency,
      day: spellDay(day),
      orders,
      ordersUrl: `${shop.publicUrl}${PAGES.adminOrders.path}`,
    };
    for (const to of await shopRecipients(tx, shop)) await queueMail(tx, dailyOrdersMail(to, mail));
    return day;
  });
}
