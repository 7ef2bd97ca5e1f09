import {
  adminRatingPageSchema,
  adminRatingQuerySchema,
  adminRatingSchema,
  apiErrorSchema,
  idParamsSchema,
} from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { sessionOf } from '../../plugins/auth';
import { listAllRatings, setRatingVisible } from './admin-service';

const tags = ['Calificaciones (administración)'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * SPEC §7: GET products/todascalificaciones and PUT products/calificaciones/:id (static segments first); and
 * PUT products/calificaciones/:id/restaurar, which shows a hidden rating again.
 */
export const ratingsAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/products/todascalificaciones',
    {
      config: { access: 'admin', staff: 'calificaciones' },
      schema: {
        tags,
        summary: 'Todas las calificaciones (visibles y ocultas), las más recientes primero, 20 por página',
        querystring: adminRatingQuerySchema,
        response: { 200: adminRatingPageSchema, ...errors },
      },
    },
    async (request) => listAllRatings(db, request.query),
  );

  app.put(
    '/products/calificaciones/:id',
    {
      config: { access: 'admin', staff: 'calificaciones' },
      schema: {
        tags,
        summary: 'Oculta una calificación: deja de mostrarse y de contar en el promedio del producto',
        params: idParamsSchema,
        response: { 200: adminRatingSchema, ...errors },
      },
    },
    async (request) => setRatingVisible(db, sessionOf(request).user.id_usuario, request.params.id, false),
  );

  app.put(
    '/products/calificaciones/:id/restaurar',
    {
      config: { access: 'admin', staff: 'calificaciones' },
      schema: {
        tags,
        summary:
          'Restaura una calificación oculta: vuelve a mostrarse y a contar en el promedio del producto',
        params: idParamsSchema,
        response: { 200: adminRatingSchema, ...errors },
      },
    },
    async (request) => setRatingVisible(db, sessionOf(request).user.id_usuario, request.params.id, true),
  );
};
