import { apiErrorSchema, loginSchema, perfilUpdateSchema, usuarioSchema } from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { sessionOf } from '../../plugins/auth';
import { customerRoutes, signIn, toUsuarioDto, updateOwnProfile } from '../accounts';
import type { ShopIdentity } from '../mail';
import { cookieSecure, startSession, type ThrottlePolicy } from '../sessions';
import { specSessionSchema, toSpecSession } from './spec-shapes';
import { signSpecToken } from './spec-token';

const tags = ['Tienda de SPEC'];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/**
 * The front's password form sends only the new password; the shop changes a password only with the
 * current one (a deliberate deviation from SPEC), so that request is refused and says why.
 */
export const PASSWORD_NEEDS_CURRENT =
  'Para cambiar la contraseña hace falta la contraseña actual, y este formulario no la pide. Cámbiala desde tu perfil en la tienda.';

const profileBodySchema = z.preprocess((body, ctx) => {
  if (body !== null && typeof body === 'object' && 'password' in body) {
    ctx.addIssue({ code: 'custom', message: PASSWORD_NEEDS_CURRENT, path: ['password'], input: body });
    return z.NEVER;
  }
  return body;
}, perfilUpdateSchema);

export interface SpecAccountOptions {
  db: Db;
  config: Config;
  throttle: ThrottlePolicy;
  shop: ShopIdentity;
}

/**
 * The account calls of SPEC §7 in that front's shapes, answered by the accounts and sessions modules:
 * the accounts module's own routes where the shapes agree, and here the two where they differ.
 * Who is calling is always the session cookie, never an id or token the front sends.
 */
export const specAccountRoutes: FastifyPluginAsyncZod<SpecAccountOptions> = async (
  app,
  { db, config, throttle, shop },
) => {
  const cookie = { secure: cookieSecure(config.publicUrl) };
  await app.register(customerRoutes, { db, shop, tags });

  app.post(
    '/usuario/login',
    {
      config: { access: 'anyone' },
      schema: {
        tags,
        summary:
          'Inicio de sesión: deja la cookie de sesión (HttpOnly) y responde session.dataValues y un token con el email',
        body: loginSchema,
        response: { 200: specSessionSchema, ...errors },
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
      return toSpecSession(toUsuarioDto(user), signSpecToken(config.cookieSecret, user));
    },
  );

  app.put(
    '/usuario',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Actualiza dirección, teléfono o imagen del propio usuario (la contraseña, no: pide la actual)',
        body: profileBodySchema,
        response: { 200: usuarioSchema, ...errors },
      },
    },
    async (request) => updateOwnProfile(db, sessionOf(request), request.body),
  );
};
