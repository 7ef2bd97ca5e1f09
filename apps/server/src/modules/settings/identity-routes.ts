import { apiErrorSchema, tiendaInputSchema, tiendaSchema } from '@vitrina/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { sessionOf } from '../../plugins/auth';
import { catalogCache, serveFromCache } from '../catalog';
import { readShopIdentity, saveShopIdentity } from './shop-identity';

/** Ajustes › Tienda: the shop's name, logo, favicon, colours, contact, social links and WhatsApp. */
export const shopIdentityRoutes: FastifyPluginAsyncZod<{ database: Database; shopName: string }> = async (
  app,
  { database, shopName },
) => {
  const { db } = database;
  const tags = ['Ajustes'];
  // Every rendered page and every page the browser renders asks for it: it is answered from memory until
  // the table notifies a change (migration 0020), like the catalog's answers.
  const cache = catalogCache(database);
  await app.register(async (kept) => {
    serveFromCache(kept, cache);
    kept.withTypeProvider<ZodTypeProvider>().get(
      '/ajustes/tienda',
      {
        config: { access: 'anyone', publicCache: true },
        schema: {
          tags,
          summary: 'Nombre, logo, colores, contacto, redes y WhatsApp de la tienda (todo público)',
          response: { 200: tiendaSchema },
        },
      },
      async () => readShopIdentity(db, shopName),
    );
  });

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
