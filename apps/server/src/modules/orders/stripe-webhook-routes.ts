import { apiErrorSchema } from '@vitrina/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { venta } from '../../db/schema';
import { badRequest } from '../../errors';
import {
  BadStripeSignature,
  type StripeEvent,
  type StripeReport,
  stripeEventReader,
} from '../../payments/stripe-events';
import type { OrderContext } from './context';
import { type RefundTarget, reverseFailedRefund, settleRefundsOfOrder } from './refund-order';
import { providerUnreachable, settleFromProviderReport } from './settle-payment';

export interface StripeWebhookOptions extends Omit<OrderContext, 'log'> {
  /** The endpoint's signing secret (STRIPE_WEBHOOK_SECRET); never logged. */
  webhookSecret: string;
}

const BAD_SIGNATURE = 'La firma del evento de pago no es válida.';
const received = { recibido: true as const };

/** The refunds a refund event is about: the refund it names, or those of the order it charged. */
async function refundsReported(
  db: Db,
  report: Exclude<StripeReport, { kind: 'charge' }>,
): Promise<RefundTarget | null> {
  if (report.kind === 'refund') return { refundId: report.refundId };
  const [order] = await db
    .select({ id: venta.id_venta })
    .from(venta)
    .where(eq(venta.pago_referencia, report.chargeReference));
  return order ? { idVenta: order.id } : null;
}

/**
 * POST /api/pagos/webhook: Stripe's report that a charge or a refund ended, which settles a order whose
 * shopper closed the page during 3-D Secure (or whose checkout got a 502) without waiting for the
 * periodic settle. Registered only with PAYMENT_PROVIDER=stripe. Anyone may call it, so nothing is
 * believed without Stripe's signature (checked by the adapter), and the outcome is read back from
 * Stripe's API, not the body.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<StripeWebhookOptions> = async (
  app,
  { webhookSecret, ...context },
) => {
  const readEvent = await stripeEventReader(webhookSecret);
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
      let event: StripeEvent;
      try {
        event = readEvent(request.body, signature);
      } catch (err) {
        if (!(err instanceof BadStripeSignature)) throw err;
        request.log.warn('stripe webhook with a bad signature refused');
        throw badRequest(BAD_SIGNATURE);
      }
      const { report } = event;
      if (!report) return received;
      const log = request.log;
      try {
        if (report.kind === 'charge') {
          const outcome = await settleFromProviderReport({ ...context, log, report });
          log.info(
            { evento: event.id, tipo: event.type, id_venta: report.idVenta, outcome },
            'stripe webhook',
          );
          return received;
        }
        // Refunds still pending are settled (the outcome asked of Stripe with the refund's key); a refund the
        // shop already completed changes only if Stripe says it failed since, so a repeated or late event
        // changes nothing.
        const where = await refundsReported(context.db, report);
        if (!where) return received;
        const settled = await settleRefundsOfOrder({ ...context, log, where });
        // A refund already completed that Stripe now reports failed (the card was closed): it is undone.
        const reversed =
          report.kind === 'refund' &&
          (await reverseFailedRefund({ ...context, log, refundId: report.refundId }));
        log.info(
          { evento: event.id, tipo: event.type, ...where, settled, reversed },
          'stripe refund webhook',
        );
      } catch (err) {
        // Stripe retries a webhook that did not get a 2xx, so a failed read-back is simply tried again.
        log.warn({ err, evento: event.id }, 'stripe webhook not settled yet');
        throw providerUnreachable();
      }
      return received;
    },
  );
};
