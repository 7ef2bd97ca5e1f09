import {
  apiErrorSchema,
  cartQuoteReplySchema,
  cartQuoteSchema,
  checkoutSchema,
  claimOrdersSchema,
  customerOrdersSummarySchema,
  GUEST_MESSAGES,
  idempotencyHeadersSchema,
  idParamsSchema,
  idSchema,
  mayMoveOrderTo,
  orderAccessQuerySchema,
  orderLookupSchema,
  orderRequestDecisionSchema,
  orderRequestInputSchema,
  orderRequestSchema,
  orderSchema,
  orderSummarySchema,
  ordersExportQuerySchema,
  ordersQuerySchema,
  PAYMENT_RECEIVED,
  paymentReceivedSchema,
  pendingPaymentSchema,
  refundSchema,
  STAFF_MESSAGES,
  stateChangeSchema,
} from '@vitrina/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, badRequest, forbidden } from '../../errors';
import { countCheckout } from '../../metrics';
import { sessionOf } from '../../plugins/auth';
import { buyerCartOf, emptySavedCart } from '../carts';
import { countGuestPurchase, countOrderLookup } from '../sessions';
import { changeOrderState } from './change-order-state';
import { type AlsoClaim, claimGuestOrders, requestClaim } from './claim-guest-orders';
import type { OrderContext } from './context';
import { customerOrdersSummary } from './customer-summary';
import { exportFileName, exportOrdersCsv } from './export-orders';
import { buyerOf } from './guest-buyer';
import { settingsNow } from './kept-settings';
import { listOrders } from './list-orders';
import { getOrder, lookUpOrder, orderByLink, toOrder } from './order-detail';
import { orderAccessToken } from './order-links';
import { askOrderRequest, decideOrderRequest, listOrderRequests, requestsOf } from './order-requests';
import { guestOf } from './order-summary';
import type { StartRedirect } from './pay-later';
import { type CheckoutReply, confirmGuestPayment, confirmPayment, placeOrder } from './place-order';
import { quoteCart } from './price-cart';
import { refundOrder } from './refund-order';
import { backgroundSettler } from './settle-later';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** A order waiting for the shopper's extra confirmation step (3-D Secure). */
const saleAwaitingActionSchema = orderSummarySchema.extend({
  requiere_accion: z.object({ client_secret: z.string() }),
});

/** The two 202s: an extra step for the shopper, or a payment received and still being recorded. */
const checkoutAcceptedSchema = z.union([saleAwaitingActionSchema, paymentReceivedSchema]);

const checkoutHeadersSchema = idempotencyHeadersSchema(
  'Falta la clave de idempotencia de la compra. Recarga la página e inténtalo de nuevo.',
);
const refundHeadersSchema = idempotencyHeadersSchema(
  'Falta la clave de idempotencia del reembolso. Recarga la página e inténtalo de nuevo.',
);

/** A card order paid, or an order paid later with how to pay it (decision 056). */
const checkoutCreatedSchema = z.union([pendingPaymentSchema, orderSummarySchema]);

/** What confirming a pending card payment answers, an account's order or a guest's. */
const confirmResponses = {
  200: checkoutCreatedSchema,
  202: checkoutAcceptedSchema,
  ...errors,
  402: apiErrorSchema,
  502: apiErrorSchema,
};

/**
 * An order paid after its confirmation step empties the buyer's saved cart on every device: the
 * account's, or the guest cart this browser saved (docs/decisions/095); a card still asking for that
 * step does not yet. (POST /api/venta empties it in the statement that places or pays the order,
 * decision 109.) The order stands even if this fails.
 */
async function emptyCartAfter(request: FastifyRequest, linkSecret: string, db: Db, result: CheckoutReply) {
  const cart = buyerCartOf(request, linkSecret);
  if ('clientSecret' in result || !cart) return;
  try {
    await emptySavedCart({ db, cart, orderId: result.order.id_venta });
  } catch (err) {
    request.log.warn({ err, id_venta: result.order.id_venta }, 'saved cart not emptied after an order');
  }
}

/** A guest's order is answered with its signed link's token: the only way back to it (decision 086). */
function withGuestAccess(result: CheckoutReply, linkSecret: string, guestEmail: string | undefined) {
  if (!guestEmail) return result;
  const acceso = orderAccessToken(linkSecret, result.order.id_venta, guestEmail);
  return { ...result, order: { ...result.order, acceso } } as CheckoutReply;
}

function sendCheckout(reply: FastifyReply, result: CheckoutReply) {
  // Refusals (a declined card, no stock) are the route's 4xx answers on the requests' metric.
  if ('pending' in result) {
    countCheckout(result.order.estado);
    const { vence, instrucciones, redirectUrl } = result.pending;
    return reply.code(result.status).send({
      ...result.order,
      vence,
      instrucciones,
      ...(redirectUrl && { redirect_url: redirectUrl }),
    });
  }
  if ('paymentReceived' in result) {
    countCheckout('pago_recibido');
    return reply.code(202).send({ ...result.order, pago_recibido: { message: PAYMENT_RECEIVED } });
  }
  countCheckout(result.status === 202 ? 'requiere_accion' : result.order.estado);
  if (result.status === 202) {
    return reply.code(202).send({ ...result.order, requiere_accion: { client_secret: result.clientSecret } });
  }
  return reply.code(result.status).send(result.order);
}

export interface OrdersRoutesOptions extends Omit<OrderContext, 'log'> {
  /** SHOP_TIMEZONE: the days of the orders history's date filter and of the CSV export. */
  timeZone: string;
  /** Sends a shopper paying with Mercado Pago there; absent, that method is refused. */
  startRedirect?: StartRedirect | undefined;
  /**
   * What an account takes along with the guest orders it claims: the ratings module's (it imports this
   * module, so app.ts hands its operation in rather than this module importing it back).
   */
  alsoClaim?: AlsoClaim | undefined;
}

/**
 * /api/venta: buying (customers only), the orders history (own paid orders, or every order for an admin), an
 * order's page, the admin's moves and refunds, and the CSV export.
 */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (
  app,
  { timeZone, startRedirect, alsoClaim, ...context },
) => {
  const { db } = context;
  // Payments this process could not record yet; stopped with the app (the next start settles the rest).
  const settler = backgroundSettler({ ...context, log: app.log });
  app.addHook('onClose', () => settler.stop());

  app.post(
    '/venta',
    {
      // A visitor buys as a guest (decision 085) unless the owner switched it off; the shop's own
      // accounts never buy, refused before the body is read.
      config: { access: 'buyer' },
      schema: {
        tags: ['Compras'],
        summary: 'Compra el carrito: precios y total del servidor, stock reservado, cobro idempotente',
        description:
          'Header Idempotency-Key obligatorio (8–255 caracteres, uno por intento de pago): repetirlo con la misma compra la devuelve sin volver a cobrar. ' +
          'Sin sesión, compra como invitado con invitado { email, nombre } (401 si la tienda no lo permite; 429 tras demasiadas compras sin cuenta desde la misma dirección); la respuesta trae acceso, el token del enlace del pedido. ' +
          'metodo_pago (por omisión tarjeta): con transferencia, contra_entrega o mercadopago el pedido queda pendiente_pago con el stock apartado hasta vence, y la respuesta trae instrucciones (y redirect_url para Mercado Pago) · ' +
          '201 pagada, o pendiente_pago · 202 requiere confirmación (requiere_accion.client_secret), o pago recibido que se está registrando (pago_recibido.message; no hay que reintentar) · ' +
          '402 pago rechazado (stock devuelto) · ' +
          '409 stock o precios cambiaron · 422 la clave ya se usó con otra compra (nada cambia) · ' +
          '502 sin respuesta del sistema de pagos (la compra queda pendiente).',
        headers: checkoutHeadersSchema,
        body: checkoutSchema,
        response: {
          201: checkoutCreatedSchema,
          202: checkoutAcceptedSchema,
          ...errors,
          402: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const buyerId = buyerOf(request);
      const { invitado, ...input } = request.body;
      const common = {
        ...context,
        log: request.log,
        settleLater: settler.settle,
        startRedirect,
        input,
        idempotencyKey: request.headers['idempotency-key'],
        // Emptied by the statement that places or pays the order (decision 109).
        cart: buyerCartOf(request, context.shop.linkSecret),
      };
      if (buyerId !== null) {
        const result = await placeOrder({ ...common, buyerId, account: request.session?.user });
        return sendCheckout(reply, result);
      }
      if (!(await settingsNow(context, db)).checkout.guests.compra_invitado)
        throw new AppError(401, 'Unauthorized', GUEST_MESSAGES.loginRequired);
      if (!invitado) throw badRequest(GUEST_MESSAGES.missingGuest, { invitado: GUEST_MESSAGES.missingGuest });
      await countGuestPurchase(db, request.ip);
      const result = await placeOrder({ ...common, buyerId: null, guest: invitado });
      return sendCheckout(reply, withGuestAccess(result, context.shop.linkSecret, invitado.email));
    },
  );

  app.post(
    '/carrito/cotizar',
    {
      config: { access: 'anyone', readsSession: true },
      schema: {
        tags: ['Compras'],
        summary:
          'El total del carrito como lo cobraría POST /api/venta ahora: descuentos de promociones y del código, y envío',
        body: cartQuoteSchema,
        response: { 200: cartQuoteReplySchema, ...errors },
      },
    },
    async (request) => {
      // The rules the checkout will apply, as it will read them.
      const { checkout, automatic } = await settingsNow(context, db);
      return quoteCart(db, {
        input: request.body,
        buyer: request.session ? { id: request.session.user.id_usuario } : null,
        currency: context.shop.currency,
        timeZone,
        shipping: checkout.shipping,
        automatic,
      });
    },
  );

  app.post(
    '/venta/:id/confirmar',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['Compras'],
        summary:
          'Termina una compra pendiente (tras la confirmación del pago) preguntando al sistema de pagos',
        params: idParamsSchema,
        response: confirmResponses,
      },
    },
    async (request, reply) => {
      const result = await confirmPayment({
        ...context,
        log: request.log,
        settleLater: settler.settle,
        startRedirect,
        buyerId: sessionOf(request).user.id_usuario,
        orderId: request.params.id,
      });
      await emptyCartAfter(request, context.shop.linkSecret, db, result);
      return sendCheckout(reply, result);
    },
  );

  app.get(
    '/venta',
    {
      config: { access: 'user' },
      schema: {
        tags: ['Compras'],
        summary:
          'Compras pagadas propias (cliente) o las ventas con su comprador (admin: pagadas, o los intentos fallidos/pendientes con estado), las más recientes primero',
        querystring: ordersQuerySchema,
        response: {
          200: z.object({
            items: z.array(orderSummarySchema),
            total: z.number().int(),
            page: z.number().int(),
            pageSize: z.number().int(),
          }),
          400: apiErrorSchema,
          401: apiErrorSchema,
        },
      },
    },
    async (request) => listOrders({ db, viewer: sessionOf(request).user, query: request.query, timeZone }),
  );

  app.get(
    '/venta/clientes/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['Administración'],
        summary:
          'Los pedidos de un cliente en cifras: cuántos pagó, cuánto gastó (menos reembolsos) y cuándo fue el último',
        params: idParamsSchema,
        response: { 200: customerOrdersSummarySchema, ...errors },
      },
    },
    async (request) => customerOrdersSummary(db, request.params.id),
  );

  app.get(
    '/venta/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['Administración'],
        summary:
          'Ventas filtradas en CSV (UTF-8 con BOM), una fila por pedido con su subtotal, envío, cobro, reembolsos y neto; fechas en la zona horaria de la tienda',
        querystring: ordersExportQuerySchema,
        produces: ['text/csv'],
        // A string body is sent as it is: Fastify serializes only objects.
        response: {
          200: z.string().describe('CSV'),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const csv = await exportOrdersCsv({
        db,
        query: request.query,
        timeZone,
        currency: context.shop.currency,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(request.query, timeZone)}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/venta/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['Pedidos'],
        summary:
          'Un pedido con sus líneas, dirección, envío, reembolsos e historial (su comprador, el dueño o el personal con pedidos a su cargo)',
        params: idParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => getOrder(db, sessionOf(request).user, request.params.id),
  );

  app.post(
    '/pedidos/consulta',
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['Pedidos'],
        summary: 'Consultar pedido: el pedido con ese número y ese correo, sin iniciar sesión',
        description:
          '404 con el mismo mensaje para cualquier diferencia (no dice qué parte no coincide); 429 tras demasiadas consultas del mismo correo o la misma dirección.',
        body: orderLookupSchema,
        response: { 200: orderSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request) => {
      await countOrderLookup(db, request.body.email, request.ip);
      return lookUpOrder(db, context.shop.linkSecret, request.body);
    },
  );

  const accessParams = { params: idParamsSchema, querystring: orderAccessQuerySchema };

  app.get(
    '/pedidos/:id',
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['Pedidos'],
        summary:
          'El pedido que abre el enlace firmado de sus correos (acceso), sin iniciar sesión: como lo ve su comprador',
        description: '404 con el mismo mensaje si el pedido no existe o el enlace no es el suyo.',
        ...accessParams,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => {
      const order = await orderByLink(db, context.shop.linkSecret, {
        id: request.params.id,
        acceso: request.query.acceso,
      });
      // The guest sees the e-mail and name they bought with: the page offers an account with that e-mail.
      return { ...(await toOrder(db, order, false)), ...guestOf(order), acceso: request.query.acceso };
    },
  );

  app.post(
    '/pedidos/:id/confirmar',
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['Pedidos'],
        summary:
          'POST /api/venta/:id/confirmar para el pedido de un invitado, con el token de su enlace (acceso)',
        ...accessParams,
        response: confirmResponses,
      },
    },
    async (request, reply) => {
      const order = await orderByLink(db, context.shop.linkSecret, {
        id: request.params.id,
        acceso: request.query.acceso,
      });
      const result = await confirmGuestPayment({
        ...context,
        log: request.log,
        settleLater: settler.settle,
        startRedirect,
        order,
      });
      await emptyCartAfter(request, context.shop.linkSecret, db, result);
      return sendCheckout(reply, { ...result, order: { ...result.order, acceso: request.query.acceso } });
    },
  );

  app.get(
    '/pedidos/:id/solicitudes',
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['Pedidos'],
        summary: 'Las solicitudes del pedido que abre el enlace firmado (acceso), sin iniciar sesión',
        ...accessParams,
        response: { 200: z.array(orderRequestSchema), ...errors },
      },
    },
    async (request) => {
      const order = await orderByLink(db, context.shop.linkSecret, {
        id: request.params.id,
        acceso: request.query.acceso,
      });
      return requestsOf(db, order.id_venta);
    },
  );

  app.post(
    '/pedidos/:id/solicitudes',
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['Pedidos'],
        summary:
          'El comprador sin cuenta pide cancelar o devolver el pedido que abre su enlace firmado (acceso), con su motivo',
        ...accessParams,
        body: orderRequestInputSchema,
        response: { 201: orderRequestSchema, ...errors },
      },
    },
    async (request, reply) => {
      const order = await orderByLink(db, context.shop.linkSecret, {
        id: request.params.id,
        acceso: request.query.acceso,
      });
      reply.code(201);
      return askOrderRequest({
        ...context,
        buyerId: order.id_usuario,
        orderId: order.id_venta,
        input: request.body,
      });
    },
  );

  app.post(
    '/pedidos/reclamar',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['Pedidos'],
        summary:
          'Envía al correo de la cuenta un enlace para sumarle las compras hechas sin cuenta con ese correo (la respuesta es la misma haya o no)',
        response: { 202: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      await requestClaim(db, sessionOf(request).user, context.shop);
      return reply.code(202).send({ message: GUEST_MESSAGES.claimSent });
    },
  );

  app.post(
    '/pedidos/reclamar/confirmar',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['Pedidos'],
        summary:
          'Con el token del enlace del correo, pasa a la cuenta las compras hechas sin cuenta con su correo',
        body: claimOrdersSchema,
        response: { 200: z.object({ reclamados: z.number().int(), message: z.string() }), ...errors },
      },
    },
    async (request) => {
      const reclamados = await claimGuestOrders(db, sessionOf(request).user, {
        linkSecret: context.shop.linkSecret,
        token: request.body.token,
        alsoClaim,
      });
      return { reclamados, message: GUEST_MESSAGES.claimed(reclamados) };
    },
  );

  app.post(
    '/venta/:id/solicitudes',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['Pedidos'],
        summary:
          'El comprador pide cancelar un pedido aún no enviado o devolver uno entregado, con su motivo; 409 si el estado no lo permite o ya hay una pendiente',
        params: idParamsSchema,
        body: orderRequestInputSchema,
        response: { 201: orderRequestSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return askOrderRequest({
        ...context,
        buyerId: sessionOf(request).user.id_usuario,
        orderId: request.params.id,
        input: request.body,
      });
    },
  );

  app.get(
    '/venta/:id/solicitudes',
    {
      config: { access: 'user' },
      schema: {
        tags: ['Pedidos'],
        summary:
          'Las solicitudes de cancelación o devolución de un pedido (su comprador, el dueño o el personal con pedidos a su cargo)',
        params: idParamsSchema,
        response: { 200: z.array(orderRequestSchema), ...errors },
      },
    },
    async (request) => listOrderRequests({ db, viewer: sessionOf(request).user, orderId: request.params.id }),
  );

  app.put(
    '/venta/:id/solicitudes/:solicitud',
    {
      config: { access: 'admin', staff: 'pedidos' },
      schema: {
        tags: ['Pedidos'],
        summary:
          'Acepta o rechaza una solicitud (aceptar una cancelación cancela el pedido y devuelve el dinero: solo el dueño); 409 si ya se respondió o el pedido cambió',
        params: z.object({ id: idSchema, solicitud: idSchema }),
        body: orderRequestDecisionSchema,
        response: { 200: orderRequestSchema, ...errors, 502: apiErrorSchema },
      },
    },
    async (request) =>
      decideOrderRequest({
        ...context,
        log: request.log,
        decider: sessionOf(request).user,
        orderId: request.params.id,
        requestId: request.params.solicitud,
        decision: request.body,
      }),
  );

  app.put(
    '/venta/:id/estado',
    {
      config: { access: 'admin', staff: 'pedidos' },
      schema: {
        tags: ['Pedidos'],
        summary:
          'Cambia el estado de un pedido (pagada para confirmar el pago de un pedido pendiente_pago; preparando, enviada con transportista y guía, entregada, cancelada; por_cobrar envía sin cobrar un pedido contra_entrega, y entregada lo marca pagado y entregado); 409 si no se permite desde el estado actual',
        description:
          'El personal con pedidos a su cargo prepara, envía y entrega; cancelar (devuelve el dinero) es solo del dueño.',
        params: idParamsSchema,
        body: stateChangeSchema,
        response: { 200: orderSchema, ...errors, 502: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = sessionOf(request);
      if (!mayMoveOrderTo(user, request.body.estado)) throw forbidden(STAFF_MESSAGES.cancelOwnerOnly);
      return changeOrderState({
        ...context,
        log: request.log,
        adminId: user.id_usuario,
        orderId: request.params.id,
        change: request.body,
      });
    },
  );

  app.post(
    '/venta/:id/reembolso',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['Pedidos'],
        summary: 'Reembolsa un pedido entero o algunas unidades de sus líneas a través del sistema de pagos',
        description:
          'Header Idempotency-Key obligatorio (uno por reembolso): repetirlo devuelve el mismo resultado y nunca reembolsa dos veces. ' +
          'Sin lineas, reembolsa todo lo que queda (envío incluido); con lineas, el envío solo si incluir_envio es true ' +
          '(lineas vacías con incluir_envio: solo el envío). 409 más de lo pagado, envío ya reembolsado o estado sin pago · ' +
          '422 la clave ya se usó con otro reembolso · 502 sin respuesta del sistema de pagos (el reembolso queda pendiente).',
        params: idParamsSchema,
        headers: refundHeadersSchema,
        body: refundSchema,
        response: { 200: orderSchema, ...errors, 422: apiErrorSchema, 502: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = sessionOf(request);
      await refundOrder({
        ...context,
        log: request.log,
        adminId: user.id_usuario,
        orderId: request.params.id,
        idempotencyKey: request.headers['idempotency-key'],
        input: request.body ?? {},
      });
      return getOrder(db, user, request.params.id);
    },
  );
};
