import {
  apiErrorSchema,
  emailField,
  idParamsSchema,
  recordId,
  registroSchema,
  usuarioSchema,
} from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { sessionOf } from '../../plugins/auth';
import type { ShopIdentity } from '../mail';
import { currentShop } from '../settings';
import { findAccountsByEmail, getUser, listCustomers, registerUser, setUserEnabled } from './service';
import { toUsuarioDto } from './user-mapper';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

export interface CustomerRoutesOptions {
  db: Db;
  /** The shop as the configuration names it; the welcome e-mail names it as saved in Ajustes › Tienda. */
  shop: ShopIdentity;
  /** The API document's group: the shop's own accounts, or SPEC's storefront under /api/spec. */
  tags: string[];
}

/**
 * Registration, the customers an admin sees and bans, and who a session may look up: the same answers
 * under /api and under /api/spec, whose front reads these shapes as they are.
 */
export const customerRoutes: FastifyPluginAsyncZod<CustomerRoutesOptions> = async (
  app,
  { db, shop, tags },
) => {
  app.post(
    '/usuario',
    {
      config: { access: 'anyone' },
      schema: {
        tags,
        summary: 'Registro de una cuenta (estado, admin e id no se pueden fijar)',
        body: registroSchema,
        response: { 201: usuarioSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await registerUser(db, request.body, await currentShop(db, shop))),
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
      // A customer may read only their own account, decided before the id is even validated.
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
        summary: 'Usuarios por correo: el propio, o cualquiera para un admin',
        querystring: z.object({ email: emailField }),
        response: { 200: z.array(usuarioSchema), ...errors },
      },
    },
    async (request) => findAccountsByEmail(db, sessionOf(request).user, request.query.email),
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
