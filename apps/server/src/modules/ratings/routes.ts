import {
  apiErrorSchema,
  calificacionSchema,
  idParamsSchema,
  productRatingsSchema,
  ratingSchema,
} from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { sessionOf } from '../../plugins/auth';
import { listProductRatings, rateSaleLine } from './service';

/** SHOP_TIMEZONE: the day each opinion was written, as the product page shows it. */
export const ratingsRoutes: FastifyPluginAsyncZod<{ db: Db; timeZone: string }> = async (
  app,
  { db, timeZone },
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
};
