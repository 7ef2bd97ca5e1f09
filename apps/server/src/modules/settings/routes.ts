import { ajustesInputSchema, ajustesSchema, apiErrorSchema, type CurrencyCode } from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { sessionOf } from '../../plugins/auth';
import { readSettings, saveSettings } from './settings';

/** The shop's settings: the shipping rate and the free-shipping threshold. */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db; currency: CurrencyCode }> = async (
  app,
  { db, currency },
) => {
  const tags = ['Ajustes'];
  app.get(
    '/ajustes',
    {
      config: { access: 'anyone' },
      schema: {
        tags,
        summary: 'Tarifa de envío y mínimo para envío gratis (null: sin envío gratis)',
        response: { 200: ajustesSchema },
      },
    },
    async () => readSettings(db),
  );

  app.put(
    '/ajustes',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Cambia la tarifa de envío y el mínimo para envío gratis',
        // Whole units in a currency without cents; what is stored is answered as it is.
        body: ajustesInputSchema(currency),
        response: { 200: ajustesSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => saveSettings(db, sessionOf(request).user.id_usuario, request.body),
  );
};
