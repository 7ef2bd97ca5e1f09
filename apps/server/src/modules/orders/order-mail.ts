import {
  deadlineInTimeZone,
  formatOrderNumber,
  includedTaxLine,
  isPaidLater,
  lineName,
  PAGES,
  PAYMENT_METHOD_NAMES,
  pagePath,
  RATING_ANCHOR,
  toCents,
} from '@vitrina/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { detalleVenta, producto, usuario, venta } from '../../db/schema';
import { orderNoticeEmails } from '../accounts';
import {
  latePaymentMail,
  newOrderMail,
  type OrderMailData,
  type OrderRequestMail,
  type OutgoingMail,
  orderCancelledMail,
  orderConfirmedMail,
  orderDeliveredMail,
  orderExpiredMail,
  orderReadyMail,
  orderRefundedMail,
  orderRequestAnsweredMail,
  orderRequestMail,
  orderShippedMail,
  paymentDueMail,
  queueMail,
  type RefundGiven,
  type ShopIdentity,
} from '../mail';
import { currentShop } from '../settings';
import type { SettingsNow } from './kept-settings';
import { orderAccessToken } from './order-links';
import type { OrderLineRow } from './order-summary';

/*
 * The customer is told of every step of their order: the message is queued in the outbox in the same
 * transaction as the step, so it goes out if and only if the step commits, and never slows the request.
 */

type OrderRow = typeof venta.$inferSelect;

const MAILS = {
  enviado: orderShippedMail,
  listo: orderReadyMail,
  cancelado: orderCancelledMail,
  vencido: orderExpiredMail,
} satisfies Record<string, (to: string, data: OrderMailData) => OutgoingMail>;
export type OrderMailKind = keyof typeof MAILS;

/** A line as the e-mails name it: a variant's label and SKU too, so a reply can name exactly it. */
const mailLineName = (nombre: string, variante: string, sku: string) =>
  variante && sku ? `${lineName(nombre, variante)} · SKU ${sku}` : lineName(nombre, variante);

/** A line of an order's messages: `product` as a product page names it, `nombre` with its SKU too. */
interface MailLine {
  id: number;
  product: string;
  nombre: string;
  cantidad: number;
  unit: string;
}

const mailLine = (
  id: number,
  nombre: string,
  variante: string,
  sku: string,
  cantidad: number,
  unit: string,
): MailLine => ({
  id,
  product: lineName(nombre, variante),
  nombre: mailLineName(nombre, variante, sku),
  cantidad,
  unit,
});

/** What an order's messages say besides its own row: who bought it (where to write) and its lines. */
export interface OrderMailFacts {
  buyer: { email: string; nombre: string | null } | undefined;
  lines: MailLine[];
}

/**
 * The facts of an order just placed, from what its checkout holds: the lines it stored and the buyer (a
 * guest's on the order, an account's as its session read it), so that its paid messages read nothing
 * again. Undefined for an account's order without `account`: the messages read them.
 */
export function placedOrderMailFacts(
  order: OrderRow,
  lines: readonly OrderLineRow[],
  account: { email: string; primer_nombre: string } | undefined,
): OrderMailFacts | undefined {
  const buyer =
    order.email_invitado !== null
      ? { email: order.email_invitado, nombre: order.nombre_invitado }
      : account && { email: account.email, nombre: account.primer_nombre };
  if (!buyer) return undefined;
  return {
    buyer,
    lines: lines.map(({ line, Producto }) =>
      mailLine(
        line.id_detalle_venta,
        Producto.nombre,
        line.variante,
        line.sku,
        line.cantidad,
        line.valor_unitario,
      ),
    ),
  };
}

/**
 * The buyer and the lines of order `id` in one statement: a checkout's confirmation is part of its
 * transaction. A guest's order has no account: its buyer is the e-mail and name typed at checkout
 * (decision 085).
 */
async function readOrderMailFacts(tx: Db | Tx, id: number): Promise<OrderMailFacts> {
  const rows = await tx
    .select({
      email: sql<string | null>`coalesce(${venta.email_invitado}, ${usuario.email})`,
      buyerName: sql<string | null>`coalesce(${venta.nombre_invitado}, ${usuario.primer_nombre})`,
      id: detalleVenta.id_detalle_venta,
      nombre: producto.nombre,
      variante: detalleVenta.variante,
      sku: detalleVenta.sku,
      cantidad: detalleVenta.cantidad,
      unit: detalleVenta.valor_unitario,
    })
    .from(venta)
    .leftJoin(usuario, eq(usuario.id_usuario, venta.id_usuario))
    .leftJoin(detalleVenta, eq(detalleVenta.id_venta, venta.id_venta))
    .leftJoin(producto, eq(producto.id_producto, detalleVenta.id_producto))
    .where(eq(venta.id_venta, id))
    .orderBy(asc(detalleVenta.id_detalle_venta));
  return {
    buyer: rows[0]?.email ? { email: rows[0].email, nombre: rows[0].buyerName } : undefined,
    lines: rows.flatMap((r) =>
      r.id === null || r.nombre === null || r.cantidad === null || r.unit === null
        ? []
        : [mailLine(r.id, r.nombre, r.variante ?? '', r.sku ?? '', r.cantidad, r.unit)],
    ),
  };
}

/**
 * The order as the order messages show it, read inside `tx` (so it includes the change being made), and
 * the shop as it names itself now (its saved identity over `base`, the configuration's).
 */
async function orderMailData(tx: Tx, order: OrderRow, base: ShopIdentity) {
  return mailDataOf(tx, order, await currentShop(tx, base));
}

/** orderMailData for a shop already read as it stands (`shop`), and the order's facts when the caller has them. */
async function mailDataOf(tx: Db | Tx, order: OrderRow, shop: ShopIdentity, facts?: OrderMailFacts) {
  const { buyer, lines } = facts ?? (await readOrderMailFacts(tx, order.id_venta));
  const shippingCents = toCents(order.costo_envio);
  const totalCents = toCents(order.valor_total_venta);
  const tax =
    order.impuesto_nombre !== null && order.impuesto_tasa !== null
      ? { nombre: order.impuesto_nombre, tasa: order.impuesto_tasa }
      : null;
  const data: OrderMailData = {
    shopName: shop.shopName,
    logoUrl: shop.logoUrl,
    currency: shop.currency,
    // A guest has no account to open the order page with: the link carries its signature (decision 086).
    orderUrl:
      order.email_invitado === null
        ? `${shop.publicUrl}/pedido/${order.id_venta}`
        : guestOrderUrl(shop, order.id_venta, order.email_invitado),
    customerName: buyer?.nombre ?? order.envio_nombre ?? '',
    numero_pedido: order.numero_pedido === null ? '' : formatOrderNumber(order.numero_pedido),
    lines: lines.map((line) => {
      const unitCents = toCents(line.unit);
      return {
        nombre: line.nombre,
        cantidad: line.cantidad,
        unitCents,
        totalCents: unitCents * line.cantidad,
      };
    }),
    subtotalCents: totalCents - shippingCents,
    shippingCents,
    totalCents,
    address: {
      nombre: order.envio_nombre ?? '',
      direccion: [order.envio_direccion, order.envio_region].filter(Boolean).join(', '),
      telefono: order.envio_telefono ?? '',
    },
    pickup:
      order.metodo_envio === 'retiro'
        ? { direccion: order.retiro_direccion ?? '', horario: order.retiro_horario ?? '' }
        : null,
    card:
      order.pago_marca && order.pago_ultimos4
        ? { brand: order.pago_marca, last4: order.pago_ultimos4 }
        : null,
    carrier: order.transportista,
    tracking: order.guia,
    refundedCents: toCents(order.monto_reembolsado),
    taxLine: tax ? includedTaxLine(tax, totalCents, shop.currency) : null,
    tax,
  };
  // The lines as a product page names them (no SKU), with their ids: the delivered message rates each.
  const bought = lines.map(({ id, product }) => ({ id, nombre: product }));
  return { to: buyer?.email, data, shop, bought };
}

/** A line's rating form on the order page: the page scrolls to it (the web app's `calificar-<id>`). */
const lineRatingUrl = (orderUrl: string, lineId: number) => `${orderUrl}#${RATING_ANCHOR}${lineId}`;

/** The order page's signed link, which opens a guest's order without an account. */
export const guestOrderUrl = (shop: ShopIdentity, orderId: number, email: string) =>
  `${shop.publicUrl}/pedido/${orderId}?acceso=${orderAccessToken(shop.linkSecret, orderId, email)}`;

/**
 * A paid order's messages, from one read of it: the buyer's confirmation, and the shop's notice with what
 * to pack, to its contact address and to the staff who asked for it (decision 083), unless the owner
 * chose the daily summary instead.
 */
export async function queuePaidOrderMails(tx: Tx, order: OrderRow, settings: SettingsNow): Promise<void> {
  await queueMail(tx, ...(await paidOrderMails(tx, order, settings)));
}

/**
 * queuePaidOrderMails' messages, written for `order` as it is given: from `facts` when the caller has
 * them, and with `numberAs` where its number goes when the statement that pays it has not taken one yet.
 */
export async function paidOrderMails(
  db: Db | Tx,
  order: OrderRow,
  { shop, notices, staff }: SettingsNow,
  { facts, numberAs }: { facts?: OrderMailFacts | undefined; numberAs?: string } = {},
): Promise<OutgoingMail[]> {
  const { to, data: read } = await mailDataOf(db, order, shop, facts);
  const data = numberAs === undefined ? read : { ...read, numero_pedido: numberAs };
  const mails = to ? [orderConfirmedMail(to, data)] : [];
  if (!notices.resumen_diario) {
    const adminUrl = `${shop.publicUrl}${pagePath(PAGES.adminOrder, order.id_venta)}`;
    for (const address of recipients(shop, staff)) mails.push(newOrderMail(address, { ...data, adminUrl }));
  }
  return mails;
}

/** Who hears of the shop's orders: its contact address and the staff who asked, each once. */
const recipients = (shop: ShopIdentity, staff: readonly string[]) => [
  ...new Set([shop.contactEmail.toLowerCase(), ...staff]),
];

/** recipients, with the staff read in `tx`. */
export async function shopRecipients(tx: Db | Tx, shop: ShopIdentity): Promise<string[]> {
  return recipients(shop, await orderNoticeEmails(tx));
}

/**
 * The buyer's message of a delivered order, in the delivery's transaction: each line with a link to its
 * rating form on the order page (an account's page, or a guest's signed link: decision 093).
 */
export async function queueDeliveredMail(tx: Tx, order: OrderRow, shop: ShopIdentity): Promise<void> {
  const { to, data, bought } = await orderMailData(tx, order, shop);
  if (!to) return;
  const rateLinks = bought.map((line) => ({
    nombre: line.nombre,
    url: lineRatingUrl(data.orderUrl, line.id),
  }));
  await queueMail(
    tx,
    orderDeliveredMail(to, data, { rateLinks, paidOnDelivery: order.metodo_pago === 'contra_entrega' }),
  );
}

/** Queues the message of an order's step for its buyer, in the step's transaction. */
export async function queueOrderMail(
  tx: Tx,
  kind: OrderMailKind,
  order: OrderRow,
  shop: ShopIdentity,
): Promise<void> {
  const { to, data } = await orderMailData(tx, order, shop);
  if (to) await queueMail(tx, MAILS[kind](to, data));
}

/** Queues the buyer's message of a refund: what it gave back, and what was refunded so far. */
export async function queueRefundMail(
  tx: Tx,
  order: OrderRow,
  shop: ShopIdentity,
  refund: RefundGiven,
): Promise<void> {
  const { to, data } = await orderMailData(tx, order, shop);
  if (to) await queueMail(tx, orderRefundedMail(to, data, refund));
}

/** The shopper's message of an order placed to be paid later: how to pay, how much, until when. */
export async function queuePaymentDueMail(tx: Tx, order: OrderRow, shop: ShopIdentity): Promise<void> {
  if (!isPaidLater(order.metodo_pago) || !order.vence) return;
  const { to, data } = await orderMailData(tx, order, shop);
  if (!to) return;
  await queueMail(
    tx,
    paymentDueMail(to, data, {
      method: PAYMENT_METHOD_NAMES[order.metodo_pago],
      deadline: deadlineInTimeZone(order.vence, shop.timeZone),
      instructions: order.pago_instrucciones ?? '',
    }),
  );
}

/** The shop's message of money that arrived for an order that no longer waited for it: give it back. */
export async function queueLatePaymentMail(
  tx: Tx,
  order: OrderRow,
  shop: ShopIdentity,
  payment: { amountCents: number; reference: string },
): Promise<void> {
  const { data } = await orderMailData(tx, order, shop);
  const adminUrl = `${shop.publicUrl}${pagePath(PAGES.adminOrder, order.id_venta)}`;
  await queueMail(tx, latePaymentMail(shop.contactEmail, { ...data, adminUrl, ...payment }));
}

/** The shop's notice of a customer's cancel or return request. */
export async function queueOrderRequestMail(
  tx: Tx,
  order: OrderRow,
  base: ShopIdentity,
  request: OrderRequestMail,
): Promise<void> {
  const { data, shop } = await orderMailData(tx, order, base);
  const adminUrl = `${shop.publicUrl}${pagePath(PAGES.adminOrder, order.id_venta)}`;
  await queueMail(tx, orderRequestMail(shop.contactEmail, { ...data, ...request, adminUrl }));
}

/** The customer's message with the answer to their request. */
export async function queueOrderRequestAnswer(
  tx: Tx,
  order: OrderRow,
  shop: ShopIdentity,
  answer: OrderRequestMail & { accepted: boolean; answer: string | null },
): Promise<void> {
  const { to, data } = await orderMailData(tx, order, shop);
  if (to) await queueMail(tx, orderRequestAnsweredMail(to, { ...data, ...answer }));
}
