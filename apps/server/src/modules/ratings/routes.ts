import {
  apiErrorSchema,
  calificacionSchema,
  idParamsSchema,
  orderAccessQuerySchema,
  productRatingsSchema,
  ratingSchema,
} from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { sessionOf } from '../../plugins/auth';
import { orderByLink } from '../orders';
import { listProductRatings, rateOrderLine, rateSaleLine } from './service';

/**
 * SHOP_TIMEZONE: the day each opinion was written, as the product page shows it; `linkSecret`: what signs
 * the orders' links (decision 086), with which a guest rates.
 */
export const ratingsRoutes: FastifyPluginAsyncZod<{ db: Db; timeZone: string; linkSecret: string }> = async (
  app,
  { db, timeZone, linkSecret },
) => {
  app.get(
    '/products/:id/calificaciones',
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['Calificaciones'],
        summary: 'Opiniones visibles de un producto, las más recientes primero, con el promedio',
        params: idParamsSchema,
        response: { 200: productRatingsSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => listProductRatings(db, request.params.id, timeZone),
  );

  app.post(
    '/products/:id/calificacion',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['Calificaciones'],
        summary: 'Califica un producto comprado (una línea de una compra pagada propia, una sola vez)',
        params: idParamsSchema,
        // SPEC's id_producto and id_usuario may come along; they are dropped, the path and session decide.
        body: calificacionSchema,
        response: {
          201: ratingSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await rateSaleLine(db, sessionOf(request).user, request.params.id, request.body, timeZone)),
  );

  app.post(
    '/pedidos/:id/calificaciones',
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['Calificaciones'],
        summary:
          'Califica una línea del pedido que abre el enlace firmado de sus correos (acceso), sin iniciar sesión: una sola vez, como su comprador',
        description:
          '404 con el mismo mensaje si el pedido no existe o el enlace no es el suyo; 409 si el pedido aún no es una compra pagada o la línea ya se calificó.',
        params: idParamsSchema,
        querystring: orderAccessQuerySchema,
        body: calificacionSchema,
        response: { 201: ratingSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const order = await orderByLink(db, linkSecret, {
        id: request.params.id,
        acceso: request.query.acceso,
      });
      return reply.code(201).send(await rateOrderLine(db, order.id_venta, request.body, timeZone));
    },
  );
};
