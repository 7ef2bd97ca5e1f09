import {
  apiErrorSchema,
  type CurrencyCode,
  idParamsSchema,
  listedPromotionSchema,
  promotionInputSchema,
  promotionSchema,
} from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { sessionOf } from '../../plugins/auth';
import { createPromotion, listPromotions, updatePromotion } from './promotions';

const tags = ['Promociones'];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** Ajustes › Promociones: the owner's coupons and automatic promotions. */
export const promotionsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  currency: CurrencyCode;
  /** How many sales got each promotion: the orders module counts its sales (usesByPromotion). */
  usesOf: (db: Db) => Promise<ReadonlyMap<number, number>>;
}> = async (app, { db, currency, usesOf }) => {
  const body = promotionInputSchema(currency);

  app.get(
    '/cupones',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Los cupones y promociones automáticas, por código, con las ventas que los usaron',
        response: { 200: z.array(listedPromotionSchema), ...errors },
      },
    },
    async () => {
      const [promotions, uses] = await Promise.all([listPromotions(db), usesOf(db)]);
      return promotions.map((promotion) => ({ ...promotion, usos: uses.get(promotion.id) ?? 0 }));
    },
  );

  app.post(
    '/cupones',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Crea un cupón o una promoción automática',
        body,
        response: { 201: promotionSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createPromotion(db, sessionOf(request).user.id_usuario, request.body);
    },
  );

  app.put(
    '/cupones/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Cambia un cupón o una promoción (para dejar de ofrecerla, desactívala)',
        params: idParamsSchema,
        body,
        response: { 200: promotionSchema, ...errors },
      },
    },
    async (request) =>
      updatePromotion(db, sessionOf(request).user.id_usuario, request.params.id, request.body),
  );
};
