import {
  abandonedCartsPageSchema,
  abandonedCartsQuerySchema,
  abandonedCartsSchema,
  apiErrorSchema,
  cartRemindersSchema,
  savedCartInputSchema,
  savedCartSchema,
} from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { sessionOf } from '../../plugins/auth';
import { listAbandonedCarts } from './abandoned-list';
import { abandonedCartsReport } from './abandoned-report';
import {
  getCartReminders,
  getSavedCart,
  mergeSavedCart,
  replaceSavedCart,
  setCartReminders,
  unsubscribeCartReminders,
} from './saved-carts';

const tags = ['Carrito'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

const UNSUBSCRIBED_PAGE = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Recordatorios del carrito</title></head>
<body style="font-family:Helvetica,Arial,sans-serif;max-width:600px;margin:48px auto;padding:0 16px">
<h1>Listo</h1><p>No te enviaremos más recordatorios de tu carrito.</p><p><a href="/">Ir a la tienda</a></p>
</body></html>`;

export const UNSUBSCRIBE_LINK_UNKNOWN = 'El enlace para dejar de recibir recordatorios no es válido.';

/**
 * /api/carrito: the server's copy of a signed-in shopper's cart (docs/decisions/080), its reminder switch
 * and unsubscribe link, and the owner's abandoned carts (081): the dashboard's figures, and the list that
 * staff who manage orders read too (092).
 */
export const cartsRoutes: FastifyPluginAsyncZod<{ db: Db; reminderAfterMs: number }> = async (
  app,
  { db, reminderAfterMs },
) => {
  app.get(
    '/carrito',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'El carrito guardado de la cuenta',
        response: { 200: savedCartSchema, ...errors },
      },
    },
    async (request) => getSavedCart({ db, userId: sessionOf(request).user.id_usuario }),
  );

  app.put(
    '/carrito',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Guarda el carrito de este dispositivo (ajustado a los límites y las existencias)',
        body: savedCartInputSchema,
        response: { 200: savedCartSchema, ...errors },
      },
    },
    async (request) =>
      replaceSavedCart({ db, userId: sessionOf(request).user.id_usuario, lines: request.body.lineas }),
  );

  app.post(
    '/carrito/fusionar',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Al iniciar sesión: une el carrito de este dispositivo con el guardado',
        body: savedCartInputSchema,
        response: { 200: savedCartSchema, ...errors },
      },
    },
    async (request) =>
      mergeSavedCart({ db, userId: sessionOf(request).user.id_usuario, lines: request.body.lineas }),
  );

  app.get(
    '/carrito/recordatorios',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Si la cuenta recibe el recordatorio de un carrito olvidado',
        response: { 200: cartRemindersSchema, ...errors },
      },
    },
    async (request) => ({
      recordatorios: await getCartReminders({ db, userId: sessionOf(request).user.id_usuario }),
    }),
  );

  app.put(
    '/carrito/recordatorios',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Activa o desactiva el recordatorio de un carrito olvidado',
        body: cartRemindersSchema,
        response: { 200: cartRemindersSchema, ...errors },
      },
    },
    async (request) => {
      const { recordatorios } = request.body;
      await setCartReminders({ db, userId: sessionOf(request).user.id_usuario, active: recordatorios });
      return { recordatorios };
    },
  );

  app.get(
    '/carrito/baja/:token',
    {
      config: { access: 'anyone' },
      schema: {
        tags,
        summary: 'El enlace del correo para dejar de recibir recordatorios del carrito',
        params: z.object({ token: z.uuid({ error: UNSUBSCRIBE_LINK_UNKNOWN }) }),
        response: { 200: z.string(), 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!(await unsubscribeCartReminders({ db, token: request.params.token })))
        throw notFound(UNSUBSCRIBE_LINK_UNKNOWN);
      return reply.type('text/html; charset=utf-8').send(UNSUBSCRIBED_PAGE);
    },
  );

  app.get(
    '/admin/carritos',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['Administración'],
        summary: 'Carritos olvidados, recordatorios enviados y compras recuperadas',
        response: { 200: abandonedCartsSchema, ...errors },
      },
    },
    async () => abandonedCartsReport({ db, afterMs: reminderAfterMs }),
  );

  app.get(
    '/admin/carritos/olvidados',
    {
      config: { access: 'admin', staff: 'pedidos' },
      schema: {
        tags: ['Administración'],
        summary: 'Los carritos olvidados y los recuperados por su recordatorio, el último cambio primero',
        querystring: abandonedCartsQuerySchema,
        response: { 200: abandonedCartsPageSchema, ...errors },
      },
    },
    async (request) => listAbandonedCarts({ db, afterMs: reminderAfterMs, query: request.query }),
  );
};
