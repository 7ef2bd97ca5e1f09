import { apiErrorSchema, idParamsSchema, orderAccessQuerySchema } from '@vitrina/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
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
import { orderByLink } from './order-detail';
import { type OrderRow, orderLines, promotionsOf } from './order-summary';
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

const payRedirectSchema = z.object({ redirect_url: z.string() });

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

  /** A Mercado Pago order, or the same 404 as an unknown one: no other order has such a payment. */
  const paidWithMercadoPago = (order: OrderRow | undefined) => {
    if (order?.metodo_pago !== 'mercadopago') throw notFound(ORDER_NOT_FOUND);
    return order;
  };

  /** The buyer's own Mercado Pago order (an admin may look at any). */
  async function ownOrder(request: FastifyRequest, idVenta: number) {
    const { user } = sessionOf(request);
    const [order] = await db.select().from(venta).where(eq(venta.id_venta, idVenta));
    // Someone else's order is not found either, as GET /api/venta/:id answers.
    if (order && order.id_usuario !== user.id_usuario && !user.admin) throw notFound(ORDER_NOT_FOUND);
    return paidWithMercadoPago(order);
  }

  /** The Mercado Pago order that its signed link opens (decision 086): a guest's, without an account. */
  const linkedOrder = async (link: { id: number; acceso: string }) =>
    paidWithMercadoPago(await orderByLink(db, context.shop.linkSecret, link));

  /** Asks Mercado Pago about the order now (an approved payment pays it) and says where its payment stands. */
  async function paymentStatus(order: OrderRow, log: FastifyBaseLogger) {
    let latest: MercadoPagoPayment | undefined;
    try {
      ({ latest } = await reconcileOrder({ ...context, log }, order.id_venta));
    } catch (err) {
      log.warn({ err, id_venta: order.id_venta }, 'could not ask Mercado Pago about an order');
      throw providerUnreachable();
    }
    const [now] = await db.select().from(venta).where(eq(venta.id_venta, order.id_venta));
    return {
      estado: now?.estado ?? order.estado,
      vence: order.vence?.toISOString() ?? null,
      pago: describe(latest),
    };
  }

  /** A new Checkout Pro for an order still waiting for its payment. */
  async function payAgain(order: OrderRow, log: FastifyBaseLogger) {
    if (order.estado !== 'pendiente_pago') throw conflict('Este pedido ya no espera un pago.');
    try {
      const [lines, promotions] = await Promise.all([
        orderLines(db, [order.id_venta]),
        promotionsOf(db, [order.id_venta]),
      ]);
      const sale = { order, lines, promotions: promotions.get(order.id_venta) ?? [] };
      return { redirect_url: await startRedirect(sale, { ...context, log }) };
    } catch (err) {
      log.warn({ err, id_venta: order.id_venta }, 'could not open a Mercado Pago checkout');
      throw providerUnreachable();
    }
  }

  const statusSummary =
    'Dónde está el pago de Mercado Pago de un pedido: se pregunta a Mercado Pago en el momento, y un pago aprobado paga el pedido';
  const paySummary =
    'Vuelve a abrir el pago con Mercado Pago de un pedido que aún espera su pago (otro intento tras un rechazo, o para ver la ficha)';
  const statusResponses = {
    200: paymentStatusSchema,
    400: apiErrorSchema,
    401: apiErrorSchema,
    403: apiErrorSchema,
    404: apiErrorSchema,
    502: apiErrorSchema,
  };
  const payResponses = { ...statusResponses, 200: payRedirectSchema, 409: apiErrorSchema };

  app.get(
    '/venta/:id/mercadopago',
    {
      config: { access: 'user' },
      schema: { tags: ['Pagos'], summary: statusSummary, params: idParamsSchema, response: statusResponses },
    },
    async (request) => paymentStatus(await ownOrder(request, request.params.id), request.log),
  );

  app.post(
    '/venta/:id/mercadopago/pagar',
    {
      config: { access: 'customer' },
      schema: { tags: ['Pagos'], summary: paySummary, params: idParamsSchema, response: payResponses },
    },
    async (request) => payAgain(await ownOrder(request, request.params.id), request.log),
  );

  const guestAccess = { params: idParamsSchema, querystring: orderAccessQuerySchema };

  app.get(
    '/pedidos/:id/mercadopago',
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['Pagos'],
        summary: `${statusSummary}; para el pedido que abre su enlace firmado (acceso), sin iniciar sesión`,
        ...guestAccess,
        response: statusResponses,
      },
    },
    async (request) =>
      paymentStatus(await linkedOrder({ id: request.params.id, acceso: request.query.acceso }), request.log),
  );

  app.post(
    '/pedidos/:id/mercadopago/pagar',
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['Pagos'],
        summary: `${paySummary}; para el pedido que abre su enlace firmado (acceso), sin iniciar sesión`,
        ...guestAccess,
        response: payResponses,
      },
    },
    async (request) =>
      payAgain(await linkedOrder({ id: request.params.id, acceso: request.query.acceso }), request.log),
  );
};
