import { apiErrorSchema, idParamsSchema, productRatingsSchema } from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { listProductRatings } from './service';

export const ratingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
    async (request) => listProductRatings(db, request.params.id),
  );
};
