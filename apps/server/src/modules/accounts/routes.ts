import {
  apiErrorSchema,
  loginSchema,
  PASSWORD_RESET_MINUTES,
  passwordChangeSchema,
  passwordRecoverySchema,
  passwordResetSchema,
  perfilUpdateSchema,
  sessionUserSchema,
  usuarioSchema,
} from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { forbidden } from '../../errors';
import { sessionOf } from '../../plugins/auth';
import type { ShopIdentity } from '../mail';
import type { ThrottlePolicy } from '../sessions';
import { cookieSecure, endSession, startSession } from '../sessions';
import { currentShop } from '../settings';
import { customerRoutes } from './customer-routes';
import { requestPasswordReset, resetPassword } from './password-reset';
import { changePassword, signIn, updateOwnProfile } from './service';
import { staffRoutes } from './staff-routes';
import { toSessionUser } from './user-mapper';

const tags = ['Cuentas'];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

export interface AccountsOptions {
  db: Db;
  config: Config;
  throttle: ThrottlePolicy;
  /** The shop as the configuration names it; account e-mails name it as saved in Ajustes › Tienda. */
  shop: ShopIdentity;
}

/** Registration, sign-in with a password, the session's user, profile and password, bans. */
export const accountsRoutes: FastifyPluginAsyncZod<AccountsOptions> = async (
  app,
  { db, config, throttle, shop },
) => {
  const cookie = { secure: cookieSecure(config.publicUrl) };
  await app.register(customerRoutes, { db, shop, tags });
  await app.register(staffRoutes, { db, shop });
  /** The shop as the account messages name it: its saved identity, read when a message is written. */
  const shopNow = () => currentShop(db, shop);

  app.post(
    '/usuario/login',
    {
      config: { access: 'anyone' },
      schema: {
        tags,
        summary: 'Inicio de sesión con correo y contraseña; deja la cookie de sesión',
        body: loginSchema,
        response: { 200: z.object({ session: sessionUserSchema }), ...errors },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const user = await signIn(
        db,
        { email, password, ip: request.ip },
        { throttle, supportEmail: config.supportEmail },
      );
      await startSession(db, request, reply, user.id_usuario, 'database', cookie);
      return { session: toSessionUser(user, 'database') };
    },
  );

  app.post(
    '/usuario/logout',
    {
      config: { access: 'anyone', readsSession: true },
      schema: { tags, summary: 'Cierra la sesión en el servidor', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await endSession(db, reply, request.session?.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/usuario/me',
    {
      // A visitor is an answer, not an error: 200 with null (decision 013), so no page logs a failed request.
      config: { access: 'anyone', readsSession: true },
      schema: {
        tags,
        summary: 'El usuario de la sesión, o null sin sesión (visitante)',
        response: { 200: sessionUserSchema.nullable() },
      },
    },
    async (request) => {
      const session = request.session;
      return session ? toSessionUser(session.user, session.metodo) : null;
    },
  );

  app.put(
    '/usuario',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Actualiza dirección, teléfono o imagen del propio usuario',
        body: perfilUpdateSchema,
        response: { 200: usuarioSchema, ...errors },
      },
    },
    async (request) => updateOwnProfile(db, sessionOf(request), request.body),
  );

  app.put(
    '/usuario/password',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Cambia la contraseña (cuentas con contraseña) y cierra todas las sesiones',
        body: passwordChangeSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { user, metodo } = sessionOf(request);
      if (metodo !== 'database' || !user.password_hash) {
        throw forbidden('Solo las cuentas con contraseña pueden cambiarla.');
      }
      await changePassword(db, user, request.body, await shopNow());
      await endSession(db, reply, undefined);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/usuario/recuperar',
    {
      config: { access: 'anyone' },
      schema: {
        tags,
        summary:
          'Envía un enlace para elegir una contraseña nueva (204 siempre: no dice si el correo tiene cuenta)',
        description: `El enlace vale ${PASSWORD_RESET_MINUTES} minutos y una sola vez. 429 tras demasiados pedidos del mismo correo o la misma dirección.`,
        body: passwordRecoverySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(db, { email: request.body.email, ip: request.ip }, await shopNow());
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/usuario/restablecer',
    {
      config: { access: 'anyone' },
      schema: {
        tags,
        summary: 'Elige la contraseña nueva con el enlace del correo; cierra todas las sesiones de la cuenta',
        description: '400 si el enlace venció, ya se usó o no existe.',
        body: passwordResetSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await resetPassword(db, request.body, await shopNow());
      return reply.code(204).send(null);
    },
  );
};
