import {
  apiErrorSchema,
  emailField,
  idParamsSchema,
  loginSchema,
  perfilUpdateSchema,
  recordId,
  registroSchema,
  usuarioSchema,
} from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { sessionOf } from '../../plugins/auth';
import {
  findAccountsByEmail,
  getUser,
  listCustomers,
  registerUser,
  setUserEnabled,
  signIn,
  toUsuarioDto,
  updateOwnProfile,
} from '../accounts';
import { shopIdentity } from '../mail';
import { cookieSecure, startSession, type ThrottlePolicy } from '../sessions';
import { currentShop } from '../settings';
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
}

/**
 * The account calls of SPEC §7 in that front's shapes, answered by the accounts and sessions modules.
 * Who is calling is always the session cookie, never an id or token the front sends.
 */
export const specAccountRoutes: FastifyPluginAsyncZod<SpecAccountOptions> = async (
  app,
  { db, config, throttle },
) => {
  const cookie = { secure: cookieSecure(config.publicUrl) };

  app.post(
    '/usuario',
    {
      config: { access: 'anyone' },
      schema: {
        tags,
        summary: 'Registro (estado e imagen vacía del formulario se ignoran)',
        body: registroSchema,
        response: { 201: usuarioSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await registerUser(db, request.body, await currentShop(db, shopIdentity(config)))),
  );

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

  app.get(
    '/usuario',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Clientes (activos y baneados)',
        response: { 200: z.array(usuarioSchema), ...errors },
      },
    },
    async () => listCustomers(db),
  );

  app.get(
    '/usuario/:id',
    {
      config: { access: 'user', accountParam: 'id' },
      schema: {
        tags,
        summary: 'Un usuario: el propio, o cualquiera para un admin',
        params: idParamsSchema,
        response: { 200: usuarioSchema, ...errors },
      },
    },
    async (request) => toUsuarioDto(await getUser(db, request.params.id)),
  );

  app.get(
    '/email',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'El usuario de un correo, en una lista: el propio, o cualquiera para un admin',
        querystring: z.object({ email: emailField }),
        response: { 200: z.array(usuarioSchema), ...errors },
      },
    },
    async (request) => findAccountsByEmail(db, sessionOf(request).user, request.query.email),
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

  app.put(
    '/usuario/delete',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Banea (estado false) o restaura (true) a un cliente; banear cierra sus sesiones',
        body: z.object({
          id_usuario: recordId('El usuario no es válido'),
          estado: z.boolean({ error: 'El estado debe ser true (restaurar) o false (banear)' }),
        }),
        response: { 200: usuarioSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = sessionOf(request);
      return setUserEnabled(db, user.id_usuario, request.body.id_usuario, request.body.estado);
    },
  );
};
