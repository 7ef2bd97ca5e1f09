import type Stripe from 'stripe';
import { loadStripe, shopCents } from './stripe';

/** The PaymentIntent events that end a charge; Stripe's other events are acknowledged and ignored. */
const SETTLING_EVENTS: ReadonlySet<string> = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
]);

/** What a signed Stripe event tells the shop, in the shop's terms; null for events it does not use. */
export type StripeReport =
  /** A charge of sale `idVenta` ended: the shop reads its outcome back from Stripe before believing it. */
  | { kind: 'charge'; idVenta: number; reference: string; amountCents: number; succeeded: boolean }
  /** A refund the shop asked for changed (`refund.updated`), named by the shop's own refund id. */
  | { kind: 'refund'; refundId: number }
  /** A charge was refunded (`charge.refunded`), named by its PaymentIntent. */
  | { kind: 'charge_refunded'; chargeReference: string };

export interface StripeEvent {
  id: string;
  type: string;
  report: StripeReport | null;
}

/** A signature Stripe did not make: forged, altered, too old, or another endpoint's secret. */
export class BadStripeSignature extends Error {}

const positiveId = (value: unknown): number | null => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

function reportOf(event: Stripe.Event): StripeReport | null {
  if (event.type === 'refund.updated') {
    const refundId = positiveId((event.data.object as Stripe.Refund).metadata?.id_reembolso);
    return refundId === null ? null : { kind: 'refund', refundId };
  }
  if (event.type === 'charge.refunded') {
    const charge = event.data.object as Stripe.Charge;
    const intent =
      typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    return intent ? { kind: 'charge_refunded', chargeReference: intent } : null;
  }
  if (!SETTLING_EVENTS.has(event.type)) return null;
  const pi = event.data.object as Stripe.PaymentIntent;
  const idVenta = positiveId(pi.metadata?.id_venta);
  // Not one of this shop's charges (another integration on the same Stripe account).
  if (idVenta === null) return null;
  return {
    kind: 'charge',
    idVenta,
    reference: pi.id,
    amountCents: shopCents(pi.amount, pi.currency),
    succeeded: event.type === 'payment_intent.succeeded',
  };
}

/**
 * Reads the webhook events of the endpoint signed with `secret` (STRIPE_WEBHOOK_SECRET): checks the
 * signature over the exact bytes Stripe sent with the official SDK, then translates the event.
 */
export async function stripeEventReader(secret: string) {
  const { webhooks } = await loadStripe();
  return (body: Buffer, signature: string): StripeEvent => {
    let event: Stripe.Event;
    try {
      event = webhooks.constructEvent(body, signature, secret);
    } catch {
      throw new BadStripeSignature();
    }
    return { id: event.id, type: event.type, report: reportOf(event) };
  };
}
