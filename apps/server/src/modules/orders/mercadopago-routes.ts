import { apiErrorSchema, idParamsSchema } from '@vitrina/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { venta } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import type { MercadoPagoPayment, PaymentStanding } from '../../payments/mercadopago';
import { sessionOf } from '../../plugins/auth';
import {
  applyMercadoPagoPayment,
  type MercadoPagoContext,
  mercadoPagoRedirect,
  reconcileOrder,
} from './mercadopago-payments';
import { orderLines, promotionsOf } from './order-summary';
import { providerUnreachable } from './settle-payment';

const BAD_SIGNATURE = 'La firma de la notificación de Mercado Pago no es válida.';
const STALE_SIGNATURE = 'La notificación de Mercado Pago es demasiado antigua.';
const ORDER_NOT_FOUND = 'El pedido no existe.';
const received = { recibido: true as const };

/** A payment's state as the order page names it. */
const PAYMENT_STATES: Record<
  PaymentStanding,
  'aprobado' | 'pendiente' | 'rechazado' | 'reembolsado' | 'contracargo'
> = {
  paid: 'aprobado',
  waiting: 'pendiente',
  failed: 'rechazado',
  refunded: 'reembolsado',
  charged_back: 'contracargo',
};

/** Cash vouchers (OXXO, Rapipago, Pago Fácil…) and ATM payments: paid later, at a store or a bank. */
const CASH_TYPES = new Set(['ticket', 'atm']);

const paymentStatusSchema = z.object({
  estado: z.string(),
  vence: z.string().nullable(),
  pago: z
    .object({
      estado: z.enum(['aprobado', 'pendiente', 'rechazado', 'reembolsado', 'contracargo']),
      en_efectivo: z.boolean(),
      /** A cash voucher's page, to see (and print) it again. */
      ficha_url: z.string().nullable(),
    })
    .nullable(),
});

const describe = (payment: MercadoPagoPayment | undefined) =>
  payment
    ? {
        estado: PAYMENT_STATES[payment.standing],
        en_efectivo: CASH_TYPES.has(payment.typeId ?? ''),
        ficha_url: payment.voucherUrl,
      }
    : null;

/**
 * Mercado Pago's side of the orders module (docs/decisions/061): its signed notifications, and what the
 * order page asks when the shopper comes back from Checkout Pro.
 */
export const mercadoPagoRoutes: FastifyPluginAsyncZod<Omit<MercadoPagoContext, 'log'>> = async (
  app,
  context,
) => {
  const { db, mercadoPago } = context;
  const startRedirect = mercadoPagoRedirect(mercadoPago);

  app.post(
    '/pagos/mercadopago/webhook',
    {
      // Mercado Pago's servers hold no XSRF cookie; its signature is what proves the request.
      config: { access: 'anyone', csrf: false },
      schema: {
        tags: ['Pagos'],
        summary:
          'Notificaciones de Mercado Pago (firmadas con x-signature): el pago se vuelve a leer de Mercado Pago y se aplica a su pedido una sola vez',
        querystring: z.looseObject({
          'data.id': z.string().max(64).optional(),
          type: z.string().max(64).optional(),
        }),
        response: { 200: z.object({ recibido: z.literal(true) }), 400: apiErrorSchema, 502: apiErrorSchema },
      },
    },
    async (request) => {
      const dataId = request.query['data.id'];
      const verdict = mercadoPago.verifyNotification({
        signature: request.headers['x-signature'],
        requestId: request.headers['x-request-id'],
        dataId,
      });
      if (verdict !== 'valid' || !dataId) {
        request.log.warn({ verdict }, 'Mercado Pago notification refused');
        throw badRequest(verdict === 'stale' ? STALE_SIGNATURE : BAD_SIGNATURE);
      }
      // Only payments move an order; other topics (merchant_order…) are acknowledged and left alone.
      if (request.query.type !== 'payment') return received;
      const log = request.log;
      try {
        // Never the body: the payment as Mercado Pago's API says it is now.
        const payment = await mercadoPago.payment(dataId);
        if (!payment) return received;
        const outcome = await applyMercadoPagoPayment({ ...context, log }, payment);
        log.info(
          { pago: payment.id, estado: payment.status, referencia: payment.externalReference, outcome },
          'Mercado Pago notification',
        );
      } catch (err) {
        // Mercado Pago retries a notification that did not get a 2xx; the reconciliation loop too.
        log.warn({ err, pago: dataId }, 'Mercado Pago notification not applied yet');
        throw providerUnreachable();
      }
      return received;
    },
  );

  /** The buyer's own Mercado Pago order (an admin may look at any). */
  async function ownOrder(request: Parameters<typeof sessionOf>[0], idVenta: number) {
    const { user } = sessionOf(request);
    const [order] = await db.select().from(venta).where(eq(venta.id_venta, idVenta));
    if (order?.metodo_pago !== 'mercadopago') throw notFound(ORDER_NOT_FOUND);
    // Someone else's order is not found either, as GET /api/venta/:id answers.
    if (order.id_usuario !== user.id_usuario && !user.admin) throw notFound(ORDER_NOT_FOUND);
    return order;
  }

  app.get(
    '/venta/:id/mercadopago',
    {
      config: { access: 'user' },
      schema: {
        tags: ['Pagos'],
        summary:
          'Dónde está el pago de Mercado Pago de un pedido: se pregunta a Mercado Pago en el momento, y un pago aprobado paga el pedido',
        params: idParamsSchema,
        response: {
          200: paymentStatusSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const order = await ownOrder(request, request.params.id);
      let latest: MercadoPagoPayment | undefined;
      try {
        ({ latest } = await reconcileOrder({ ...context, log: request.log }, order.id_venta));
      } catch (err) {
        request.log.warn({ err, id_venta: order.id_venta }, 'could not ask Mercado Pago about an order');
        throw providerUnreachable();
      }
      const [now] = await db.select().from(venta).where(eq(venta.id_venta, order.id_venta));
      return {
        estado: now?.estado ?? order.estado,
        vence: order.vence?.toISOString() ?? null,
        pago: describe(latest),
      };
    },
  );

  app.post(
    '/venta/:id/mercadopago/pagar',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['Pagos'],
        summary:
          'Vuelve a abrir el pago con Mercado Pago de un pedido que aún espera su pago (otro intento tras un rechazo, o para ver la ficha)',
        params: idParamsSchema,
        response: {
          200: z.object({ redirect_url: z.string() }),
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const order = await ownOrder(request, request.params.id);
      if (order.estado !== 'pendiente_pago') throw conflict('Este pedido ya no espera un pago.');
      try {
        const [lines, promotions] = await Promise.all([
          orderLines(db, [order.id_venta]),
          promotionsOf(db, [order.id_venta]),
        ]);
        const sale = { order, lines, promotions: promotions.get(order.id_venta) ?? [] };
        return { redirect_url: await startRedirect(sale, { ...context, log: request.log }) };
      } catch (err) {
        request.log.warn({ err, id_venta: order.id_venta }, 'could not open a Mercado Pago checkout');
        throw providerUnreachable();
      }
    },
  );
};
