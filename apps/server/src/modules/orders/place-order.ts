import { createHash } from 'node:crypto';
import {
  type CheckoutInput,
  type CurrencyCode,
  centsToDecimal,
  fitsCurrency,
  fromCents,
  isOrder,
  isPaidLater,
  methodNotAvailable,
  moneyFormatter,
  type OrderPricing,
  type OrderSummary,
  PROMOTION_MESSAGES,
  type ShippingDestination,
  shippingChanged,
  toCents,
} from '@vitrina/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isConnectionLost } from '../../db/connection-lost';
import { retryOnConnectionLoss } from '../../db/connection-retry';
import { retryOnDeadlock } from '../../db/deadlock';
import { detalleVenta, venta } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { type ChargeResult, chargeKey, type PaymentProvider } from '../../payments/provider';
import { saveShippingAddress } from '../accounts';
import { emptySavedCart } from '../carts';
import { type TakenLine, takeStock } from '../catalog';
import type { Buyer, OrderContext } from './context';
import { settingsNow } from './kept-settings';
import { type OrderMailFacts, placedOrderMailFacts, queuePaymentDueMail } from './order-mail';
import {
  type OrderLineRow,
  type OrderRow,
  orderLines,
  promotionsOf,
  toOrderSummaries,
  toOrderSummary,
} from './order-summary';
import {
  type PendingReply,
  type PendingSale,
  pendingOrderValues,
  pendingReply,
  type StartRedirect,
} from './pay-later';
import { priceCart, recordPromotions } from './price-cart';
import type { SettleLater } from './settle-later';
import { applyChargeResult, orderById, paymentRequired, providerUnreachable } from './settle-payment';
import { recordState } from './state-history';

/**
 * What a checkout answers when it does not fail: the order, and the extra step the browser must take; or
 * the order still 'pendiente' although its card was charged, because the database could not record the
 * payment yet and this process records it in the background (`paymentReceived`).
 */
export type CheckoutReply =
  | { status: 200 | 201; order: OrderSummary }
  | { status: 202; order: OrderSummary; clientSecret: string }
  | { status: 202; order: OrderSummary; paymentReceived: true }
  | PendingReply;

export const PRICES_CHANGED = 'Los precios de tu carrito cambiaron. Revisa el total antes de pagar.';
/** A price with cents left from before the shop changed to a currency without them (CLP, COP). */
const CENTS_IN_WHOLE_CURRENCY = (code: string) =>
  `Un precio de tu carrito tiene decimales y en ${code} no se cobran. Escríbenos para completar la compra.`;
export const KEY_REUSED =
  'Esta clave de idempotencia ya se usó con otra compra. Recarga la página e inténtalo de nuevo.';
const ORDER_ATTEMPT_NOT_FOUND = 'La compra no existe.';

/** Thrown inside the reservation to roll it back when the same request already made its order. */
class AlreadyPlaced extends Error {}

/**
 * What makes two checkout requests the same purchase: the lines (in product order, as the order stores
 * them: the order of a cart's lines changes nothing), the payment method, the shipping address and the
 * total the shopper saw (shipping included). SHA-256 of that, in hex, is stored beside the order's
 * Idempotency-Key. The shipping cost itself is the server's: a retry after the owner changed the rate is
 * still the same purchase and gets the first order, with the shipping it was placed with.
 */
export function requestFingerprint(input: CheckoutInput): string {
  const address = input.direccion_envio;
  const canonical = JSON.stringify({
    lineas: [...input.detalle_venta]
      .sort((a, b) => a.id_producto - b.id_producto)
      .map((line) => [line.id_producto, line.cantidad]),
    id_pago: input.id_pago,
    total: input.valor_total_venta ?? null,
    // Pickup has no address; a region only when sent, so earlier fingerprints stay what they were.
    envio:
      input.metodo_envio === 'retiro' || !address
        ? 'retiro'
        : [address.nombre, address.direccion, address.telefono, ...(address.region ? [address.region] : [])],
    // Only when typed, so the fingerprints of purchases without a code stay what they were.
    ...(input.cupon && { cupon: input.cupon }),
    // Only when not a card, so the fingerprints of card orders stay what they were before methods existed.
    ...(input.metodo_pago !== 'tarjeta' && { metodo: input.metodo_pago }),
  });
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * What placing and confirming an order work with: `settleLater` records what the database could not take
 * yet; `startRedirect` sends a shopper who pays with Mercado Pago there (absent: that method is refused).
 */
type CheckoutContext = OrderContext & { settleLater: SettleLater; startRedirect?: StartRedirect | undefined };

export const MERCADOPAGO_UNAVAILABLE =
  'Mercado Pago no está disponible en este momento. Elige otro medio de pago.';

/**
 * POST /api/venta (DESIGN.md, checkout): reserve the stock and record the order in one transaction, then
 * charge the server's total through the provider with the order's idempotency key. The request's
 * Idempotency-Key makes a retry return the first order instead of buying again; the same key with another
 * request (requestFingerprint) is refused with 422, as Stripe does, and changes nothing.
 */
export async function placeOrder({
  buyerId,
  guest,
  account,
  input,
  idempotencyKey,
  ...context
}: CheckoutContext &
  Buyer & {
    /** The buying account's address and first name as its session read them, for its messages. */
    account?: { email: string; primer_nombre: string } | undefined;
    input: CheckoutInput;
    idempotencyKey: string;
  }): Promise<CheckoutReply> {
  const { db } = context;
  const buyer = { buyerId, guest } as Buyer;
  const fingerprint = requestFingerprint(input);
  if (input.metodo_pago === 'mercadopago' && !context.startRedirect)
    throw badRequest(MERCADOPAGO_UNAVAILABLE);
  let placed: Placed;
  try {
    // A lost connection is tried again within the request (decision 104): a reservation that did commit
    // before the connection dropped is found by its Idempotency-Key below, like any retried request's.
    placed = await retryOnConnectionLoss(
      () => reserveOrder(context, buyer, input, idempotencyKey, fingerprint),
      context.connectionRetry,
    );
  } catch (err) {
    // A refused request may be a retry: when its key already has a order (made by the first attempt, even
    // if the last unit is gone since or the prices changed, or by a request racing in with the same key),
    // that order is the answer, not the refusal. Looking only after a refusal keeps this query off the
    // path of every order placed (a key with a order is always refused: the order's unique key sees to it).
    const earlier = await orderByKey(db, buyer, idempotencyKey);
    if (!earlier) throw err;
    // Another purchase under a used key: answering with the first order would tell the shopper this one
    // went through. The reservation was rolled back, so nothing was taken or charged. (A order recorded
    // before fingerprints has none: its retries are answered as they always were.)
    if (earlier.idempotency_fingerprint !== null && earlier.idempotency_fingerprint !== fingerprint) {
      throw new AppError(422, 'Unprocessable Entity', KEY_REUSED);
    }
    return finishOrder(context, earlier, 201);
  }
  if (placed.order.estado === 'pendiente_pago') return pendingReply(context, placed, 201);
  const facts = placedOrderMailFacts(placed.order, placed.lines, account);
  return reply(context, await chargeOrder(context, placed.order, facts), 201, placed);
}

/**
 * Places an order to be paid later by `input.metodo_pago` (stock reserved until its deadline) and returns
 * it with its lines; under a used Idempotency-Key, the order that key made. For a provider's adapter that
 * places orders itself; POST /api/venta goes through placeOrder.
 */
export async function createPendingOrder({
  buyerId,
  input,
  idempotencyKey,
  ...context
}: OrderContext & { buyerId: number; input: CheckoutInput; idempotencyKey: string }): Promise<PendingSale> {
  if (!isPaidLater(input.metodo_pago)) throw badRequest(methodNotAvailable(input.metodo_pago));
  const fingerprint = requestFingerprint(input);
  try {
    return await reserveOrder(context, { buyerId }, input, idempotencyKey, fingerprint);
  } catch (err) {
    const earlier = await orderByKey(context.db, { buyerId }, idempotencyKey);
    if (!earlier) throw err;
    if (earlier.idempotency_fingerprint !== null && earlier.idempotency_fingerprint !== fingerprint)
      throw new AppError(422, 'Unprocessable Entity', KEY_REUSED);
    const [lines, promotions] = await Promise.all([
      orderLines(context.db, [earlier.id_venta]),
      promotionsOf(context.db, [earlier.id_venta]),
    ]);
    return { order: earlier, lines, promotions: promotions.get(earlier.id_venta) ?? [] };
  }
}

/**
 * POST /api/venta/:id/confirmar: after the browser's extra step (or a 502), asks the provider what
 * became of the order's charge and settles it.
 */
export async function confirmPayment({
  buyerId,
  orderId,
  ...context
}: CheckoutContext & { buyerId: number; orderId: number }): Promise<CheckoutReply> {
  const order = await orderById(context.db, orderId);
  if (!order) throw notFound(ORDER_ATTEMPT_NOT_FOUND);
  if (order.id_usuario !== buyerId) throw forbidden();
  return finishOrder(context, order, 200);
}

/**
 * POST /api/pedidos/:id/confirmar: a guest's confirmPayment, for the order its signed link opened (the
 * caller checked the link).
 */
export async function confirmGuestPayment({
  order,
  ...context
}: CheckoutContext & { order: OrderRow }): Promise<CheckoutReply> {
  return finishOrder(context, order, 200);
}

async function orderByKey(db: Db, buyer: Buyer, key: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(venta)
    .where(
      and(
        buyer.guest
          ? and(isNull(venta.id_usuario), eq(venta.email_invitado, buyer.guest.email))
          : eq(venta.id_usuario, buyer.buyerId),
        eq(venta.idempotency_key, key),
      ),
    );
  return row;
}

const lineTotal = (line: TakenLine) => centsToDecimal(line.unitCents * line.cantidad);

/** A order just reserved, with its lines and promotions as the reply shows them. */
type Placed = PendingSale;
const CHECK_TOTAL = 'Quita el código o revisa el total antes de pagar.';

/**
 * Why a checkout's total is not the one the shopper saw: only the shipping (when the products still cost
 * what the shopper saw), or the prices.
 */
function totalChanged(input: CheckoutInput, pricing: OrderPricing, currency: CurrencyCode): string {
  const seen = input.costo_envio;
  const products = pricing.subtotalCents - pricing.discountCents;
  const onlyShipping =
    seen !== undefined &&
    seen !== pricing.shippingCents &&
    (input.valor_total_venta ?? 0) - seen === products;
  return onlyShipping ? shippingChanged(pricing.shippingCents, moneyFormatter(currency)) : PRICES_CHANGED;
}

/**
 * Stock taken, prices and shipping read, order (with its shipping address) and lines written: all in one
 * transaction or nothing.
 */
async function reserveOrder(
  context: OrderContext,
  buyer: Buyer,
  input: CheckoutInput,
  idempotencyKey: string,
  fingerprint: string,
): Promise<Placed> {
  const { db, shop } = context;
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const { checkout: settings, automatic } = await settingsNow(context, tx);
      const method = settings.paymentMethods.find((m) => m.id === input.metodo_pago);
      if (!method?.activo) throw badRequest(methodNotAvailable(input.metodo_pago));
      const address = input.metodo_envio === 'retiro' ? undefined : input.direccion_envio;
      const destination: ShippingDestination = address
        ? { metodo: 'domicilio', region: address.region }
        : { metodo: 'retiro' };
      const lines = await takeStock(tx, input.detalle_venta);
      const pricing = await priceCart(tx, {
        lines,
        code: input.cupon,
        buyer: buyer.guest ? { email: buyer.guest.email } : { id: buyer.buyerId },
        currency: shop.currency,
        timeZone: shop.timeZone,
        shipping: settings.shipping,
        destination,
        lock: true,
        automatic,
      });
      const { totalCents: total, shippingCents: shipping } = pricing;
      // A code typed and no longer good (its last use went to another buyer, it expired): the shopper
      // counted on it, so nothing is charged without it. (A larger promotion instead is no surprise.)
      const { cupon } = pricing;
      if (cupon?.motivo && cupon.motivo !== PROMOTION_MESSAGES.better)
        throw conflict(`${cupon.motivo} ${CHECK_TOTAL}`, { cupon: cupon.motivo });
      // The shopper paid attention to a total; never charge a different one without showing it first.
      if (input.valor_total_venta !== undefined && input.valor_total_venta !== total) {
        throw conflict(totalChanged(input, pricing, shop.currency));
      }
      if (!fitsCurrency(total, shop.currency)) throw conflict(CENTS_IN_WHOLE_CURRENCY(shop.currency));
      const { retiro } = settings.shipping;
      const [order] = await tx
        .insert(venta)
        .values({
          valor_total_venta: centsToDecimal(total),
          costo_envio: centsToDecimal(shipping),
          descuento: centsToDecimal(pricing.discountCents),
          metodo_envio: destination.metodo,
          ...(address
            ? {
                envio_nombre: address.nombre.trim(),
                envio_direccion: address.direccion.trim(),
                envio_telefono: address.telefono,
                envio_region: address.region ?? null,
              }
            : { retiro_direccion: retiro.direccion, retiro_horario: retiro.horario }),
          ...(buyer.guest
            ? { email_invitado: buyer.guest.email, nombre_invitado: buyer.guest.nombre.trim() }
            : { id_usuario: buyer.buyerId }),
          // A method paid later has no card: the method stands in for the provider's payment method.
          id_pago: input.id_pago ?? input.metodo_pago,
          metodo_pago: input.metodo_pago,
          estado: 'pendiente',
          ...(isPaidLater(method.id) && pendingOrderValues({ ...method, id: method.id })),
          ...(settings.tax && { impuesto_nombre: settings.tax.nombre, impuesto_tasa: settings.tax.tasa }),
          idempotency_key: idempotencyKey,
          idempotency_fingerprint: fingerprint,
        })
        .onConflictDoNothing()
        .returning();
      if (!order) throw new AlreadyPlaced();
      if (input.guardar_direccion && address && !buyer.guest)
        await saveShippingAddress(tx, buyer.buyerId, {
          direccion: address.direccion.trim(),
          telefono: address.telefono,
        });
      const stored = await tx
        .insert(detalleVenta)
        .values(
          lines.map((line, i) => ({
            id_venta: order.id_venta,
            id_producto: line.id_producto,
            id_variante: line.id_variante,
            variante: line.variante,
            sku: line.sku,
            cantidad: line.cantidad,
            valor_unitario: centsToDecimal(line.unitCents),
            valor_total_cantidad: lineTotal(line),
            descuento: centsToDecimal(pricing.lineDiscountCents[i] ?? 0),
          })),
        )
        .returning();
      await recordPromotions(tx, order.id_venta, pricing);
      if (order.estado === 'pendiente_pago') {
        await recordState(tx, order.id_venta, 'pendiente_pago', null);
        await queuePaymentDueMail(tx, order, shop);
        // Placed now, so its buyer's cart is emptied now; a card's waits for the statement that pays it.
        if (context.cart) await emptySavedCart({ db: tx, cart: context.cart, orderId: order.id_venta });
      }
      // The lines exactly as toOrderSummaries would read them back (stored values, id order, the product's name and
      // picture from the stock update), so the reply needs no second read.
      const products = new Map(
        lines.map(({ id_producto, nombre, imagen }) => [id_producto, { id_producto, nombre, imagen }]),
      );
      return {
        order,
        promotions: pricing.applied.map(({ promotion, cents }) => ({
          codigo: promotion.codigo,
          descuento: fromCents(cents),
        })),
        lines: stored
          .sort((a, b) => a.id_detalle_venta - b.id_detalle_venta)
          // Every stored line is one of the taken lines, and a cart names each product once.
          .map((line) => ({ line, Producto: products.get(line.id_producto) as OrderLineRow['Producto'] })),
      };
    }),
  );
}

interface Charged {
  order: OrderRow;
  clientSecret?: string;
  /** Charged, but not recorded yet: `settleLater` has it. */
  paymentReceived?: true;
}

/**
 * Charges a pending order (again, harmlessly: the provider's key is the order's) and records the answer;
 * `facts` for its paid messages when the caller has them.
 */
async function chargeOrder(
  context: CheckoutContext,
  order: OrderRow,
  facts?: OrderMailFacts,
): Promise<Charged> {
  let result: ChargeResult;
  try {
    result = await context.payments.charge({
      saleId: order.id_venta,
      amountCents: toCents(order.valor_total_venta),
      currency: context.shop.currency,
      paymentMethodId: order.id_pago,
      customerId: order.id_usuario,
      idempotencyKey: chargeKey(order.id_venta),
    });
  } catch (err) {
    context.log?.warn({ err, id_venta: order.id_venta }, 'payment provider unreachable; order left pending');
    throw providerUnreachable();
  }
  return settled(context, order, result, facts);
}

/**
 * Records the provider's answer. When the database stays unreachable through applyChargeResult's retries,
 * a charge or a decline is handed to `settleLater`, so the order is not left holding its stock until the
 * periodic sweep; the shopper whose card was charged is told so, not asked to pay again.
 */
async function settled(
  context: CheckoutContext,
  order: OrderRow,
  result: ChargeResult,
  facts?: OrderMailFacts,
): Promise<Charged> {
  let now: OrderRow;
  try {
    now = await applyChargeResult(context, order, result, facts);
  } catch (err) {
    if (!isConnectionLost(err) || result.status === 'requires_action') throw err;
    context.settleLater(order, result);
    context.log?.warn(
      { id_venta: order.id_venta, resultado: result.status },
      'payment answer not recorded yet; settling it in the background',
    );
    if (result.status === 'succeeded') return { order, paymentReceived: true };
    throw err;
  }
  return result.status === 'requires_action'
    ? { order: now, clientSecret: result.clientSecret }
    : { order: now };
}

/** A order found again (retried request or confirmation): settle it if it is still pending, then answer. */
async function finishOrder(
  context: CheckoutContext,
  order: OrderRow,
  okStatus: 200 | 201,
): Promise<CheckoutReply> {
  if (order.metodo_pago !== 'tarjeta') return pendingReply(context, order, okStatus);
  if (order.estado !== 'pendiente') return reply(context, { order }, okStatus);
  let result: Awaited<ReturnType<PaymentProvider['lookup']>>;
  try {
    result = await context.payments.lookup(order.id_venta, order.pago_referencia);
  } catch (err) {
    context.log?.warn({ err, id_venta: order.id_venta }, 'payment provider unreachable on lookup');
    throw providerUnreachable();
  }
  // Never received (the first attempt died or could not reach the provider): charge it now.
  if (result.status === 'not_found') return reply(context, await chargeOrder(context, order), okStatus);
  return reply(context, await settled(context, order, result), okStatus);
}

/** The answer for a charged order; `placed` when the caller already has its lines (an order placed just now). */
async function reply(
  { db, log }: OrderContext,
  { order, clientSecret, paymentReceived }: Charged,
  okStatus: 200 | 201,
  placed?: Placed,
): Promise<CheckoutReply> {
  if (order.estado === 'fallida') throw paymentRequired(order.motivo_fallo);
  const [dto] = placed
    ? [toOrderSummary(order, placed.lines, placed.promotions)]
    : await toOrderSummaries(db, [order]);
  if (!dto) throw notFound(ORDER_ATTEMPT_NOT_FOUND);
  // Paid, and perhaps moved on since (a retry of a request whose order is being prepared).
  if (isOrder(order.estado)) return { status: okStatus, order: dto };
  if (clientSecret) return { status: 202, order: dto, clientSecret };
  if (paymentReceived) return { status: 202, order: dto, paymentReceived };
  // Pending with the provider still deciding (another request is charging it right now).
  log?.info({ id_venta: order.id_venta }, 'order still pending after a charge attempt');
  throw providerUnreachable();
}
