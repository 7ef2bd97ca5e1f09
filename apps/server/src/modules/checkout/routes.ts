import {
  apiErrorSchema,
  checkoutSchema,
  idempotencyHeadersSchema,
  idParamsSchema,
  saleSchema,
  salesQuerySchema,
} from '@vitrina/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { countCheckout } from '../../metrics';
import type { PaymentProvider } from '../../payments/provider';
import { sessionOf } from '../../plugins/auth';
import type { ShopIdentity } from '../orders/order-mail';
import { type CheckoutReply, confirmSale, listSales, placeOrder } from './service';

const tags = ['Compras'];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  402: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  502: apiErrorSchema,
};

/** A sale waiting for the shopper's extra confirmation step (3-D Secure). */
const saleAwaitingActionSchema = saleSchema.extend({
  requiere_accion: z.object({ client_secret: z.string() }),
});

const MISSING_KEY = 'Falta la clave de idempotencia de la compra. Recarga la página e inténtalo de nuevo.';
const checkoutHeadersSchema = idempotencyHeadersSchema(MISSING_KEY);

function sendCheckout(reply: FastifyReply, result: CheckoutReply) {
  // Refusals (a declined card, no stock) are the route's 4xx answers on the requests' metric.
  countCheckout(result.status === 202 ? 'requiere_accion' : result.sale.estado);
  if (result.status === 202) {
    return reply.code(202).send({ ...result.sale, requiere_accion: { client_secret: result.clientSecret } });
  }
  return reply.code(result.status).send(result.sale);
}

export interface CheckoutOptions {
  db: Db;
  payments: PaymentProvider;
  /** The shop's name and address, for the order confirmation e-mail. */
  shop: ShopIdentity;
  /** SHOP_TIMEZONE: the days of the sales history's date filter. */
  timeZone: string;
}

/** Buying (customers only) and the sales history (own paid sales, or every sale for an admin). */
export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutOptions> = async (
  app,
  { db, payments, shop, timeZone },
) => {
  app.post(
    '/venta',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Compra el carrito: precios y total del servidor, stock reservado, cobro idempotente',
        description:
          'Header Idempotency-Key obligatorio (8–255 caracteres, uno por intento de pago): repetirlo con la misma compra la devuelve sin volver a cobrar. ' +
          '201 pagada · 202 requiere confirmación (requiere_accion.client_secret) · 402 pago rechazado (stock devuelto) · ' +
          '409 stock o precios cambiaron · 422 la clave ya se usó con otra compra (nada cambia) · ' +
          '502 sin respuesta del sistema de pagos (la compra queda pendiente).',
        headers: checkoutHeadersSchema,
        body: checkoutSchema,
        response: { 201: saleSchema, 202: saleAwaitingActionSchema, ...errors, 422: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const result = await placeOrder(
        db,
        payments,
        shop,
        user.id_usuario,
        request.body,
        request.headers['idempotency-key'],
        request.log,
      );
      return sendCheckout(reply, result);
    },
  );

  app.post(
    '/venta/:id/confirmar',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary:
          'Termina una compra pendiente (tras la confirmación del pago) preguntando al sistema de pagos',
        params: idParamsSchema,
        response: { 200: saleSchema, 202: saleAwaitingActionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      return sendCheckout(
        reply,
        await confirmSale(db, payments, shop, user.id_usuario, request.params.id, request.log),
      );
    },
  );

  app.get(
    '/venta',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Compras pagadas propias (cliente) o las ventas con su comprador (admin: pagadas, o los intentos fallidos/pendientes con estado), las más recientes primero',
        querystring: salesQuerySchema,
        response: {
          200: z.object({
            items: z.array(saleSchema),
            total: z.number().int(),
            page: z.number().int(),
            pageSize: z.number().int(),
          }),
          400: apiErrorSchema,
          401: apiErrorSchema,
        },
      },
    },
    async (request) => listSales(db, sessionOf(request).user, request.query, timeZone),
  );
};
