import {
  apiErrorSchema,
  estadoChangeSchema,
  idempotencyHeadersSchema,
  idParamsSchema,
  orderSchema,
  refundSchema,
} from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { PaymentProvider } from '../../payments/provider';
import { sessionOf } from '../../plugins/auth';
import type { ShopIdentity } from './order-mail';
import { refundOrder } from './refunds';
import { changeOrderState, getOrder } from './service';

const tags = ['Pedidos'];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

const MISSING_KEY = 'Falta la clave de idempotencia del reembolso. Recarga la página e inténtalo de nuevo.';
const refundHeadersSchema = idempotencyHeadersSchema(MISSING_KEY);

export interface OrdersRoutesOptions {
  db: Db;
  payments: PaymentProvider;
  shop: ShopIdentity;
}

/** An order's page, the admin's moves and refunds. */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (
  app,
  { db, payments, shop },
) => {
  app.get(
    '/venta/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Un pedido con sus líneas, dirección, envío, reembolsos e historial (su comprador o un admin)',
        params: idParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => getOrder(db, sessionOf(request).user, request.params.id),
  );

  app.put(
    '/venta/:id/estado',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Cambia el estado de un pedido (preparando, enviada con transportista y guía, entregada, cancelada); 409 si no se permite desde el estado actual',
        params: idParamsSchema,
        body: estadoChangeSchema,
        response: { 200: orderSchema, ...errors, 502: apiErrorSchema },
      },
    },
    async (request) =>
      changeOrderState(
        db,
        payments,
        shop,
        sessionOf(request).user.id_usuario,
        request.params.id,
        request.body,
        request.log,
      ),
  );

  app.post(
    '/venta/:id/reembolso',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Reembolsa un pedido entero o algunas unidades de sus líneas a través del sistema de pagos',
        description:
          'Header Idempotency-Key obligatorio (uno por reembolso): repetirlo devuelve el mismo resultado y nunca reembolsa dos veces. ' +
          'Sin lineas, reembolsa todo lo que queda (envío incluido). 409 más de lo pagado o estado sin pago · ' +
          '422 la clave ya se usó con otro reembolso · 502 sin respuesta del sistema de pagos (el reembolso queda pendiente).',
        params: idParamsSchema,
        headers: refundHeadersSchema,
        body: refundSchema,
        response: { 200: orderSchema, ...errors, 422: apiErrorSchema, 502: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = sessionOf(request);
      await refundOrder(
        db,
        payments,
        shop,
        user.id_usuario,
        request.params.id,
        request.headers['idempotency-key'],
        request.body ?? {},
        request.log,
      );
      return getOrder(db, user, request.params.id);
    },
  );
};
