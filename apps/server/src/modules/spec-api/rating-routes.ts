import { apiErrorSchema, calificacionSchema, idParamsSchema } from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { sessionOf } from '../../plugins/auth';
import { listAllRatings, listProductRatings, rateSaleLine, setRatingVisible } from '../ratings';
import { SPEC_LIST_MAX, specAdminRatingSchema, specRatingSchema } from './spec-shapes';

const tags = ['Tienda de SPEC'];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** The stars come from radio inputs, as text ('5'): a whole number in text is that number. */
const wholeNumberText = (value: unknown) =>
  typeof value === 'string' && /^\s*\d{1,2}\s*$/.test(value) ? Number(value) : value;

/** The front's rating: the shop's rule (calificacionSchema) on the stars read as a number. */
const specCalificacionSchema = calificacionSchema.extend({
  valor_calificacion: z.preprocess(wholeNumberText, calificacionSchema.shape.valor_calificacion),
});

/** The opinions calls of SPEC §7 in that front's shapes, answered by the ratings module. */
export const specRatingRoutes: FastifyPluginAsyncZod<{ db: Db; timeZone: string }> = async (
  app,
  { db, timeZone },
) => {
  app.get(
    '/products/:id/calificaciones',
    {
      config: { access: 'anyone' },
      schema: {
        tags,
        summary: 'Las opiniones visibles de un producto, en una lista',
        params: idParamsSchema,
        response: { 200: z.array(specRatingSchema), ...errors },
      },
    },
    async (request) => {
      const { items } = await listProductRatings(db, request.params.id, timeZone);
      // Only visible opinions are listed: each is shown (estado true).
      return items.map(({ dia: _day, ...rating }) => ({ ...rating, estado: true }));
    },
  );

  app.get(
    '/products/todascalificaciones',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Todas las calificaciones (visibles y ocultas), las más recientes primero, en una lista',
        response: { 200: z.array(specAdminRatingSchema), ...errors },
      },
    },
    async () => {
      const { items } = await listAllRatings(db, { page: 1, pageSize: SPEC_LIST_MAX });
      return items.map((rating) => ({ ...rating, id_usuario: rating.autor.id_usuario }));
    },
  );

  app.put(
    '/products/calificaciones/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Oculta una calificación',
        params: idParamsSchema,
        response: { 200: specAdminRatingSchema, ...errors },
      },
    },
    async (request) => {
      const rating = await setRatingVisible(db, sessionOf(request).user.id_usuario, request.params.id, false);
      return { ...rating, id_usuario: rating.autor.id_usuario };
    },
  );

  app.post(
    '/products/:id/calificacion',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary:
          'Califica una línea de una compra propia, una vez (id_usuario e id_producto del cuerpo no cuentan: deciden la sesión y la ruta)',
        params: idParamsSchema,
        body: specCalificacionSchema,
        response: { 201: specRatingSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { dia: _day, ...rating } = await rateSaleLine(
        db,
        sessionOf(request).user,
        request.params.id,
        request.body,
        timeZone,
      );
      return reply.code(201).send({ ...rating, estado: true });
    },
  );
};
