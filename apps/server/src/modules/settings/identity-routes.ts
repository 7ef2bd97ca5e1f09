import { apiErrorSchema, tiendaInputSchema, tiendaSchema } from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { sessionOf } from '../../plugins/auth';
import { readShopIdentity, saveShopIdentity } from './shop-identity';

/** Ajustes › Tienda: the shop's name, logo, favicon, colours, contact, social links and WhatsApp. */
export const shopIdentityRoutes: FastifyPluginAsyncZod<{ db: Db; shopName: string }> = async (
  app,
  { db, shopName },
) => {
  const tags = ['Ajustes'];
  app.get(
    '/ajustes/tienda',
    {
      config: { access: 'anyone' },
      schema: {
        tags,
        summary: 'Nombre, logo, colores, contacto, redes y WhatsApp de la tienda (todo público)',
        response: { 200: tiendaSchema },
      },
    },
    async () => readShopIdentity(db, shopName),
  );

  app.put(
    '/ajustes/tienda',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Cambia la identidad de la tienda; rechaza colores cuyo texto no alcanza el contraste WCAG AA (4,5:1)',
        body: tiendaInputSchema,
        response: { 200: tiendaSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => saveShopIdentity(db, sessionOf(request).user.id_usuario, request.body, shopName),
  );
};
