import {
  abandonedCartsPageSchema,
  abandonedCartsQuerySchema,
  abandonedCartsSchema,
  apiErrorSchema,
  cartRemindersSchema,
  GUEST_CART_MESSAGES,
  GUEST_MESSAGES,
  guestCartInputSchema,
  guestCartRecoverySchema,
  guestCartSchema,
  type SavedCartInput,
  savedCartInputSchema,
  savedCartSchema,
} from '@vitrina/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound } from '../../errors';
import { sessionOf } from '../../plugins/auth';
import { readGuestCheckout } from '../settings';
import { listAbandonedCarts } from './abandoned-list';
import { abandonedCartsReport } from './abandoned-report';
import { forgetGuestCart, guestCartOf, nameGuestCart } from './guest-cart-links';
import { emptyGuestCart, handOverGuestCart, recoverGuestCart, saveGuestCart } from './guest-carts';
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

export interface CartsRoutesOptions {
  db: Db;
  /** ABANDONED_CART_HOURS: when a cart counts as abandoned on the owner's pages. */
  reminderAfterMs: number;
  /** The shop's secret (COOKIE_SECRET): what signs a guest cart's cookie and its reminder's link. */
  linkSecret: string;
  /** The guest cart's cookie only over HTTPS (PUBLIC_URL's). */
  secureCookies: boolean;
}

/**
 * /api/carrito: the server's copy of a signed-in shopper's cart (docs/decisions/080) and of a guest's who
 * typed an e-mail at checkout (095), the reminder switch and unsubscribe link, and the owner's abandoned
 * carts (081): the dashboard's figures, and the list that staff who manage orders read too (092).
 */
export const cartsRoutes: FastifyPluginAsyncZod<CartsRoutesOptions> = async (
  app,
  { db, reminderAfterMs, linkSecret, secureCookies },
) => {
  /**
   * Writes this browser's lines to the account's cart as `save` does (replace or merge). A shopper who
   * signs in brings them from the guest cart the browser saved, which is then emptied and forgotten, and
   * its reminder goes with the lines, so the same items never get two reminders and the account's order
   * counts as recovered.
   */
  async function saveAccountCart(
    request: FastifyRequest,
    reply: FastifyReply,
    { lineas }: SavedCartInput,
    save: typeof replaceSavedCart,
  ) {
    const userId = sessionOf(request).user.id_usuario;
    const saved = await save({ db, userId, lines: lineas });
    const guestCart = guestCartOf(request, linkSecret);
    if (guestCart !== null) {
      await handOverGuestCart(db, { id: guestCart, userId });
      forgetGuestCart(reply);
    }
    return saved;
  }

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
    async (request, reply) => saveAccountCart(request, reply, request.body, replaceSavedCart),
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
    async (request, reply) => saveAccountCart(request, reply, request.body, mergeSavedCart),
  );

  app.put(
    '/carrito/invitado',
    {
      // A visitor's; a customer's cart is the account's (PUT /carrito), the shop's own accounts do not buy.
      config: { access: 'buyer' },
      schema: {
        tags,
        summary:
          'Guarda el carrito de un visitante con el correo que escribió al pagar, para su recordatorio',
        description:
          'La cookie httpOnly carrito_invitado nombra el carrito de este navegador; otro correo empieza otro carrito. ' +
          '429 tras demasiados carritos nuevos desde la misma dirección o con el mismo correo.',
        body: guestCartInputSchema,
        response: { 200: savedCartSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (request.session) throw forbidden(GUEST_CART_MESSAGES.signedIn);
      if (!(await readGuestCheckout(db)).compra_invitado)
        throw new AppError(401, 'Unauthorized', GUEST_MESSAGES.loginRequired);
      const { id, cart } = await saveGuestCart({
        db,
        cartId: guestCartOf(request, linkSecret),
        input: request.body,
        ip: request.ip,
      });
      if (id !== null) nameGuestCart(reply, linkSecret, id, secureCookies);
      return cart;
    },
  );

  app.post(
    '/carrito/invitado/recuperar',
    {
      config: { access: 'buyer' },
      schema: {
        tags,
        summary:
          'El enlace del recordatorio de un visitante: une su carrito guardado con el de este navegador',
        description:
          'Un visitante se queda con el carrito (la cookie carrito_invitado); con la sesión iniciada, las líneas pasan al carrito de la cuenta. ' +
          '404 con el mismo mensaje para un carrito o un token que no son.',
        body: guestCartRecoverySchema,
        response: { 200: guestCartSchema, ...errors, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const userId = request.session?.user.id_usuario ?? null;
      const previous = guestCartOf(request, linkSecret);
      const cart = await recoverGuestCart({ db, secret: linkSecret, input: request.body, userId });
      if (userId === null) {
        // The lines of this browser's other guest cart joined the recovered one.
        if (previous !== null && previous !== request.body.carrito) await emptyGuestCart(db, previous);
        nameGuestCart(reply, linkSecret, request.body.carrito, secureCookies);
      }
      return cart;
    },
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
