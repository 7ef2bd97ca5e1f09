import { toCents } from '@vitrina/shared';
import type { CheckoutLine, MercadoPagoGateway, MercadoPagoPayment } from '../../payments/mercadopago';
import type { OrderContext } from './context';
import { guestOrderUrl } from './order-mail';
import { markPaidByProvider, type ProviderPaymentOutcome, type StartRedirect } from './pay-later';

/*
 * Orders paid with Mercado Pago (docs/decisions/061). The shop never takes a payment's state from a
 * notification: it asks Mercado Pago (or the offline sandbox) and applies what it reads through
 * markPaidByProvider, whose conditional update pays an order once however many notifications, processes
 * and reconciliation rounds report the same payment.
 */

export type MercadoPagoContext = OrderContext & { mercadoPago: MercadoPagoGateway };

/** The order page, where Mercado Pago sends the shopper back. */
export const orderPageUrl = (publicUrl: string, idVenta: number) => `${publicUrl}/pedido/${idVenta}`;
export const webhookUrl = (publicUrl: string) => `${publicUrl}/api/pagos/mercadopago/webhook`;

/** The sale a payment pays, from its external_reference ('venta-<id_venta>'); null for anything else. */
export function saleIdOf(reference: string | null): number | null {
  const match = /^venta-(\d{1,9})$/.exec(reference ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * Checkout Pro for an order placed to be paid with Mercado Pago: a preference with the order's own lines
 * and shipping at the prices the server recorded, and its deadline. If those do not add up to the order's
 * total (a discount the lines do not carry), one line for the whole order is sent instead, so Mercado
 * Pago always asks for exactly the total.
 */
export function mercadoPagoRedirect(mercadoPago: MercadoPagoGateway): StartRedirect {
  return async ({ order, lines }, context) => {
    const { publicUrl, shopName } = context.shop;
    const total = toCents(order.valor_total_venta);
    const shippingCents = toCents(order.costo_envio);
    let items: CheckoutLine[] = lines.map(({ line, Producto }) => ({
      id: String(Producto.id_producto),
      title: Producto.nombre,
      quantity: line.cantidad,
      unitCents: toCents(line.valor_unitario),
    }));
    const sum = items.reduce((s, i) => s + i.unitCents * i.quantity, 0) + shippingCents;
    if (sum !== total)
      items = [
        { id: `venta-${order.id_venta}`, title: `Compra ${order.id_venta}`, quantity: 1, unitCents: total },
      ];
    const checkout = await mercadoPago.createCheckout({
      saleId: order.id_venta,
      lines: items,
      shippingCents: sum === total ? shippingCents : 0,
      currency: context.shop.currency,
      // A guest comes back through the order's signed link (decision 086): they have no session.
      returnUrl:
        order.email_invitado === null
          ? orderPageUrl(publicUrl, order.id_venta)
          : guestOrderUrl(context.shop, order.id_venta, order.email_invitado),
      notificationUrl: webhookUrl(publicUrl),
      expiresAt: order.vence ?? undefined,
      statementDescriptor: shopName,
    });
    return checkout.redirectUrl;
  };
}

export type MercadoPagoOutcome = ProviderPaymentOutcome | 'not_paid' | 'wrong_currency';

/**
 * What a payment read from Mercado Pago does to its order: an approved one pays it (or, for an order that
 * no longer waits, is recorded for the owner to refund); a pending or rejected one changes nothing, the
 * order waits until its deadline. A payment in another currency never pays an order.
 */
export async function applyMercadoPagoPayment(
  context: OrderContext,
  payment: MercadoPagoPayment,
): Promise<MercadoPagoOutcome> {
  const idVenta = saleIdOf(payment.externalReference);
  if (idVenta === null) return 'unknown_sale';
  if (payment.standing !== 'paid') return 'not_paid';
  if (payment.currency !== context.shop.currency) {
    context.log?.error(
      { id_venta: idVenta, referencia: payment.id, moneda: payment.currency },
      'Mercado Pago payment in another currency than the shop: not applied',
    );
    return 'wrong_currency';
  }
  return markPaidByProvider(context, { idVenta, reference: payment.id, amountCents: payment.amountCents });
}

/**
 * Asks Mercado Pago about one order and applies what it says: every approved payment of the sale (one
 * pays the order; a second is recorded as a late payment to refund). Returns the newest payment, which
 * the order page describes, and whether this call is the one that paid the order.
 */
export async function reconcileOrder(
  context: MercadoPagoContext,
  idVenta: number,
): Promise<{ latest: MercadoPagoPayment | undefined; paid: boolean }> {
  const payments = await context.mercadoPago.paymentsOf(idVenta);
  let paid = false;
  // Oldest first, so the payment that came first is the one that pays the order.
  for (const payment of [...payments].reverse()) {
    if (payment.standing === 'paid' && (await applyMercadoPagoPayment(context, payment)) === 'paid')
      paid = true;
  }
  return { latest: payments[0], paid };
}
