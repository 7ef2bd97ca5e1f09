import { apiErrorSchema } from '@vitrina/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Db } from '../db/client';
import { venta } from '../db/schema';
import { badRequest } from '../errors';
import { providerUnreachable, settleFromProviderReport } from '../modules/checkout/settlement';
import type { ShopIdentity } from '../modules/orders/order-mail';
import { reverseFailedRefund, settleRefundsOfSale } from '../modules/orders/refunds';
import type { PaymentProvider } from './provider';
import { loadStripe } from './stripe';

export interface StripeWebhookOptions {
  db: Db;
  payments: PaymentProvider;
  /** For the order confirmation e-mail of a sale the webhook settles. */
  shop: ShopIdentity;
  /** The endpoint's signing secret (STRIPE_WEBHOOK_SECRET); never logged. */
  webhookSecret: string;
}

/** The PaymentIntent events that end a sale; Stripe's other events are acknowledged and ignored. */
const SETTLING_EVENTS: ReadonlySet<string> = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
]);

/** The refund events that may finish a refund the shop left pending (a crash, a lost answer). */
const REFUND_EVENTS: ReadonlySet<string> = new Set(['charge.refunded', 'refund.updated']);

const BAD_SIGNATURE = 'La firma del evento de pago no es válida.';

/** The shop's records a refund event is about: the refund named in its metadata, or the sale charged. */
async function refundTarget(
  db: Db,
  event: Stripe.Event,
): Promise<{ idVenta?: number; refundId?: number } | null> {
  if (event.type === 'refund.updated') {
    const refundId = Number((event.data.object as Stripe.Refund).metadata?.id_reembolso);
    return Number.isSafeInteger(refundId) && refundId > 0 ? { refundId } : null;
  }
  const charge = event.data.object as Stripe.Charge;
  const intent =
    typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intent) return null;
  const [sale] = await db.select({ id: venta.id_venta }).from(venta).where(eq(venta.pago_referencia, intent));
  return sale ? { idVenta: sale.id } : null;
}

/**
 * POST /api/pagos/webhook: Stripe's report that a PaymentIntent succeeded or failed, which settles a
 * sale whose shopper closed the page during 3-D Secure (or whose checkout got a 502) without waiting for
 * the periodic settle. Registered only with PAYMENT_PROVIDER=stripe. Anyone may call it, so nothing is
 * believed without Stripe's signature, and the outcome is read back from Stripe's API, not the body.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<StripeWebhookOptions> = async (
  app,
  { db, payments, shop, webhookSecret },
) => {
  const { webhooks } = await loadStripe();
  // The signature covers the exact bytes Stripe sent, so this route keeps the raw body. This plugin is
  // encapsulated: every other route still gets Fastify's JSON parser.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/pagos/webhook',
    {
      // Stripe's servers hold no XSRF cookie; the signature is what proves the request.
      config: { access: 'anyone', csrf: false },
      schema: {
        tags: ['Pagos'],
        summary: 'Eventos de Stripe (firmados): liquida las compras pendientes cuyo pago terminó',
        response: { 200: z.object({ recibido: z.literal(true) }), 400: apiErrorSchema, 502: apiErrorSchema },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw badRequest(BAD_SIGNATURE);
      let event: Stripe.Event;
      try {
        event = webhooks.constructEvent(request.body, signature, webhookSecret);
      } catch {
        // Forged, altered, replayed long after (older than the SDK's 5-minute tolerance) or signed with
        // another endpoint's secret.
        request.log.warn('stripe webhook with a bad signature refused');
        throw badRequest(BAD_SIGNATURE);
      }
      if (REFUND_EVENTS.has(event.type)) {
        // Refunds still pending are settled (the outcome asked of Stripe with the refund's key); a refund the
        // shop already completed changes only if Stripe says it failed since, so a repeated or late event
        // changes nothing.
        const target = await refundTarget(db, event);
        if (!target) return { recibido: true as const };
        try {
          const settled = await settleRefundsOfSale(db, payments, shop, target, request.log);
          // A refund already completed that Stripe now reports failed (the card was closed): it is undone.
          const reversed =
            target.refundId !== undefined &&
            (await reverseFailedRefund(db, payments, target.refundId, request.log));
          request.log.info(
            { evento: event.id, tipo: event.type, ...target, settled, reversed },
            'stripe refund webhook',
          );
        } catch (err) {
          request.log.warn({ err, evento: event.id }, 'stripe refund webhook not settled yet');
          throw providerUnreachable();
        }
        return { recibido: true as const };
      }
      if (!SETTLING_EVENTS.has(event.type)) return { recibido: true as const };

      const pi = event.data.object as Stripe.PaymentIntent;
      const idVenta = Number(pi.metadata?.id_venta);
      // Not one of this shop's charges (another integration on the same Stripe account).
      if (!Number.isSafeInteger(idVenta) || idVenta <= 0) return { recibido: true as const };
      try {
        const outcome = await settleFromProviderReport(
          db,
          payments,
          {
            idVenta,
            reference: pi.id,
            amountCents: pi.amount,
            succeeded: event.type === 'payment_intent.succeeded',
          },
          shop,
          request.log,
        );
        request.log.info(
          { evento: event.id, tipo: event.type, id_venta: idVenta, outcome },
          'stripe webhook',
        );
      } catch (err) {
        // Stripe retries a webhook that did not get a 2xx, so a failed read-back is simply tried again.
        request.log.warn({ err, evento: event.id, id_venta: idVenta }, 'stripe webhook not settled yet');
        throw providerUnreachable();
      }
      return { recibido: true as const };
    },
  );
};
