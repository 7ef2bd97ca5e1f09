import { createHash } from 'node:crypto';
import {
  type CheckoutInput,
  CURRENCY,
  centsToDecimal,
  parseOrderNumber,
  SALES_ESTADO_DEFAULT,
  type Sale,
  type SalesEstadoFiltro,
  salesFilterEstados,
  shippingCents,
  shippingChanged,
  toCents,
  totalCents,
} from '@vitrina/shared';
import { and, count, desc, eq, gte, inArray, like, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { retryOnDeadlock } from '../../db/deadlock';
import { detalleVenta, usuario, venta } from '../../db/schema';
import { startOfDay } from '../../db/shop-days';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import { type ChargeResult, chargeKey, type PaymentProvider } from '../../payments/provider';
import { type TakenLine, takeStock } from '../catalog/stock';
import type { ShopIdentity } from '../orders/order-mail';
import { readSettings } from '../orders/settings';
import { type SaleLineRow, type SaleRow, toSale, toSales } from './sale-mapper';
import { applyChargeResult, paymentRequired, providerUnreachable, saleById } from './settlement';

/** What a checkout answers when it does not fail: the sale, and the extra step the browser must take. */
export type CheckoutReply =
  | { status: 200 | 201; sale: Sale }
  | { status: 202; sale: Sale; clientSecret: string };

export const PRICES_CHANGED = 'Los precios de tu carrito cambiaron. Revisa el total antes de pagar.';
export const KEY_REUSED =
  'Esta clave de idempotencia ya se usó con otra compra. Recarga la página e inténtalo de nuevo.';
const SALE_NOT_FOUND = 'La compra no existe.';

/** Thrown inside the reservation to roll it back when the same request already made its sale. */
class AlreadyPlaced extends Error {}

/**
 * What makes two checkout requests the same purchase: the lines (in product order, as the sale stores
 * them: the order of a cart's lines changes nothing), the payment method, the shipping address and the
 * total the shopper saw (shipping included). SHA-256 of that, in hex, is stored beside the sale's
 * Idempotency-Key. The shipping cost itself is the server's: a retry after the owner changed the rate is
 * still the same purchase and gets the first sale, with the shipping it was placed with.
 */
export function requestFingerprint(input: CheckoutInput): string {
  const { nombre, direccion, telefono } = input.direccion_envio;
  const canonical = JSON.stringify({
    lineas: [...input.detalle_venta]
      .sort((a, b) => a.id_producto - b.id_producto)
      .map((line) => [line.id_producto, line.cantidad]),
    id_pago: input.id_pago,
    total: input.valor_total_venta ?? null,
    envio: [nombre, direccion, telefono],
  });
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * POST /api/venta (DESIGN.md, checkout): reserve the stock and record the sale in one transaction, then
 * charge the server's total through the provider with the sale's idempotency key. The request's
 * Idempotency-Key makes a retry return the first sale instead of buying again; the same key with another
 * request (requestFingerprint) is refused with 422, as Stripe does, and changes nothing.
 */
export async function placeOrder(
  db: Db,
  provider: PaymentProvider,
  shop: ShopIdentity,
  idUsuario: number,
  input: CheckoutInput,
  idempotencyKey: string,
  log?: FastifyBaseLogger,
): Promise<CheckoutReply> {
  const fingerprint = requestFingerprint(input);
  let placed: Placed;
  try {
    placed = await reserveSale(db, idUsuario, input, idempotencyKey, fingerprint);
  } catch (err) {
    // A refused request may be a retry: when its key already has a sale (made by the first attempt, even
    // if the last unit is gone since or the prices changed, or by a request racing in with the same key),
    // that sale is the answer, not the refusal. Looking only after a refusal keeps this query off the
    // path of every order placed (a key with a sale is always refused: the sale's unique key sees to it).
    const earlier = await saleByKey(db, idUsuario, idempotencyKey);
    if (!earlier) throw err;
    // Another purchase under a used key: answering with the first sale would tell the shopper this one
    // went through. The reservation was rolled back, so nothing was taken or charged. (A sale recorded
    // before fingerprints has none: its retries are answered as they always were.)
    if (earlier.idempotency_fingerprint !== null && earlier.idempotency_fingerprint !== fingerprint) {
      throw new AppError(422, 'Unprocessable Entity', KEY_REUSED);
    }
    return finishSale(db, provider, shop, earlier, 201, log);
  }
  return reply(db, await chargeSale(db, provider, shop, placed.sale, log), 201, log, placed.lines);
}

/**
 * POST /api/venta/:id/confirmar: after the browser's extra step (or a 502), asks the provider what
 * became of the sale's charge and settles it.
 */
export async function confirmSale(
  db: Db,
  provider: PaymentProvider,
  shop: ShopIdentity,
  idUsuario: number,
  idVenta: number,
  log?: FastifyBaseLogger,
): Promise<CheckoutReply> {
  const sale = await saleById(db, idVenta);
  if (!sale) throw notFound(SALE_NOT_FOUND);
  if (sale.id_usuario !== idUsuario) throw forbidden();
  return finishSale(db, provider, shop, sale, 200, log);
}

async function saleByKey(db: Db, idUsuario: number, key: string): Promise<SaleRow | undefined> {
  const [row] = await db
    .select()
    .from(venta)
    .where(and(eq(venta.id_usuario, idUsuario), eq(venta.idempotency_key, key)));
  return row;
}

const lineTotal = (line: TakenLine) => centsToDecimal(line.unitCents * line.cantidad);

/** A sale just reserved, with its lines as the reply shows them. */
interface Placed {
  sale: SaleRow;
  lines: SaleLineRow[];
}

/**
 * Stock taken, prices and shipping read, sale (with its shipping address) and lines written: all in one
 * transaction or nothing.
 */
async function reserveSale(
  db: Db,
  idUsuario: number,
  input: CheckoutInput,
  idempotencyKey: string,
  fingerprint: string,
): Promise<Placed> {
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const lines = await takeStock(tx, input.detalle_venta);
      const subtotal = totalCents(lines);
      const shipping = shippingCents(subtotal, await readSettings(tx));
      const total = subtotal + shipping;
      // The shopper paid attention to a total; never charge a different one without showing it first.
      if (input.valor_total_venta !== undefined && input.valor_total_venta !== total) {
        // Say what changed: only the shipping when the products still cost what the shopper saw.
        const seen = input.costo_envio;
        const onlyShipping =
          seen !== undefined && seen !== shipping && input.valor_total_venta - seen === subtotal;
        throw conflict(onlyShipping ? shippingChanged(shipping) : PRICES_CHANGED);
      }
      const address = input.direccion_envio;
      const [sale] = await tx
        .insert(venta)
        .values({
          valor_total_venta: centsToDecimal(total),
          costo_envio: centsToDecimal(shipping),
          envio_nombre: address.nombre.trim(),
          envio_direccion: address.direccion.trim(),
          envio_telefono: address.telefono,
          id_usuario: idUsuario,
          id_pago: input.id_pago,
          estado: 'pendiente',
          idempotency_key: idempotencyKey,
          idempotency_fingerprint: fingerprint,
        })
        .onConflictDoNothing({ target: [venta.id_usuario, venta.idempotency_key] })
        .returning();
      if (!sale) throw new AlreadyPlaced();
      const stored = await tx
        .insert(detalleVenta)
        .values(
          lines.map((line) => ({
            id_venta: sale.id_venta,
            id_producto: line.id_producto,
            cantidad: line.cantidad,
            valor_unitario: centsToDecimal(line.unitCents),
            valor_total_cantidad: lineTotal(line),
          })),
        )
        .returning();
      // The lines exactly as toSales would read them back (stored values, id order, the product's name and
      // picture from the stock update), so the reply needs no second read.
      const products = new Map(
        lines.map(({ id_producto, nombre, imagen }) => [id_producto, { id_producto, nombre, imagen }]),
      );
      return {
        sale,
        lines: stored
          .sort((a, b) => a.id_detalle_venta - b.id_detalle_venta)
          // Every stored line is one of the taken lines, and a cart names each product once.
          .map((line) => ({ line, Producto: products.get(line.id_producto) as SaleLineRow['Producto'] })),
      };
    }),
  );
}

interface Charged {
  sale: SaleRow;
  clientSecret?: string;
}

/** Charges a pending sale (again, harmlessly: the provider's key is the sale's) and records the answer. */
async function chargeSale(
  db: Db,
  provider: PaymentProvider,
  shop: ShopIdentity,
  sale: SaleRow,
  log?: FastifyBaseLogger,
): Promise<Charged> {
  let result: ChargeResult;
  try {
    result = await provider.charge({
      saleId: sale.id_venta,
      amountCents: toCents(sale.valor_total_venta),
      currency: CURRENCY,
      paymentMethodId: sale.id_pago,
      customerId: sale.id_usuario,
      idempotencyKey: chargeKey(sale.id_venta),
    });
  } catch (err) {
    log?.warn({ err, id_venta: sale.id_venta }, 'payment provider unreachable; sale left pending');
    throw providerUnreachable();
  }
  return settled(db, shop, sale, result, log);
}

async function settled(
  db: Db,
  shop: ShopIdentity,
  sale: SaleRow,
  result: ChargeResult,
  log?: FastifyBaseLogger,
): Promise<Charged> {
  const now = await applyChargeResult(db, sale, result, shop, log);
  return result.status === 'requires_action'
    ? { sale: now, clientSecret: result.clientSecret }
    : { sale: now };
}

/** A sale found again (retried request or confirmation): settle it if it is still pending, then answer. */
async function finishSale(
  db: Db,
  provider: PaymentProvider,
  shop: ShopIdentity,
  sale: SaleRow,
  okStatus: 200 | 201,
  log?: FastifyBaseLogger,
): Promise<CheckoutReply> {
  if (sale.estado !== 'pendiente') return reply(db, { sale }, okStatus, log);
  let result: Awaited<ReturnType<PaymentProvider['lookup']>>;
  try {
    result = await provider.lookup(sale.id_venta, sale.pago_referencia);
  } catch (err) {
    log?.warn({ err, id_venta: sale.id_venta }, 'payment provider unreachable on lookup');
    throw providerUnreachable();
  }
  // Never received (the first attempt died or could not reach the provider): charge it now.
  if (result.status === 'not_found')
    return reply(db, await chargeSale(db, provider, shop, sale, log), okStatus, log);
  return reply(db, await settled(db, shop, sale, result), okStatus, log);
}

/** The answer for a charged sale; `lines` when the caller already has them (a sale placed just now). */
async function reply(
  db: Db,
  { sale, clientSecret }: Charged,
  okStatus: 200 | 201,
  log?: FastifyBaseLogger,
  lines?: readonly SaleLineRow[],
): Promise<CheckoutReply> {
  if (sale.estado === 'fallida') throw paymentRequired(sale.motivo_fallo);
  const [dto] = lines ? [toSale(sale, lines)] : await toSales(db, [sale]);
  if (!dto) throw notFound(SALE_NOT_FOUND);
  if (sale.estado === 'pagada') return { status: okStatus, sale: dto };
  if (clientSecret) return { status: 202, sale: dto, clientSecret };
  // Pending with the provider still deciding (another request is charging it right now).
  log?.info({ id_venta: sale.id_venta }, 'sale still pending after a charge attempt');
  throw providerUnreachable();
}

export interface SalesQuery {
  page: number;
  pageSize: number;
  /** Calendar days, 'YYYY-MM-DD', both included, in the shop's time zone. */
  desde?: string | undefined;
  hasta?: string | undefined;
  /** An admin's filter; absent = the orders. A customer's history always lists their orders. */
  estado?: SalesEstadoFiltro | undefined;
  /** An admin's search: an order number ('V-000123', '123') or part of the buyer's e-mail. */
  q?: string | undefined;
}

/**
 * An admin's search: the order of that number, or the sales of the accounts whose e-mail contains the text
 * (e-mails are stored in lower case; LIKE's wildcards typed in the search match themselves).
 */
function searchCondition(db: Db, q: string): SQL {
  const numero = parseOrderNumber(q);
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const byEmail = inArray(
    venta.id_usuario,
    db.select({ id: usuario.id_usuario }).from(usuario).where(like(usuario.email, pattern)),
  );
  return numero === null ? byEmail : (or(eq(venta.numero_pedido, numero), byEmail) ?? byEmail);
}

export interface SalesPage {
  items: Sale[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * GET /api/venta: a customer's own paid sales, or every sale with its buyer for an admin (paid ones unless
 * the filter asks for failed or pending attempts, or 'todas'); newest first. A declined or unfinished
 * payment is an attempt, not a purchase.
 */
export async function listSales(
  db: Db,
  viewer: { id_usuario: number; admin: boolean },
  query: SalesQuery,
  /** SHOP_TIMEZONE: a day runs from midnight to midnight there. */
  timeZone: string,
): Promise<SalesPage> {
  const estados = salesFilterEstados(
    viewer.admin ? (query.estado ?? SALES_ESTADO_DEFAULT) : SALES_ESTADO_DEFAULT,
  );
  const where = and(
    viewer.admin ? undefined : eq(venta.id_usuario, viewer.id_usuario),
    query.desde ? gte(venta.fecha, startOfDay(query.desde, timeZone)) : undefined,
    query.hasta ? lt(venta.fecha, startOfDay(query.hasta, timeZone, 1)) : undefined,
    estados ? inArray(venta.estado, [...estados]) : undefined,
    viewer.admin && query.q ? searchCondition(db, query.q) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(venta)
      .where(where)
      .orderBy(desc(venta.fecha), desc(venta.id_venta))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(venta).where(where),
  ]);
  return {
    items: await toSales(db, rows, viewer.admin),
    total: totalRow?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export { type SettleOptions, type SettleSummary, settlePendingSales } from './settlement';
