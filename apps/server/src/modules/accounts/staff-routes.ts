import {
  apiErrorSchema,
  idParamsSchema,
  orderNoticesSchema,
  sessionUserSchema,
  staffAcceptSchema,
  staffInvitationSchema,
  staffInviteSchema,
  staffListSchema,
  staffMemberSchema,
  staffRoleSchema,
} from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { sessionOf } from '../../plugins/auth';
import type { ShopIdentity } from '../mail';
import { currentShop } from '../settings';
import { readOwnOrderNotices, saveOwnOrderNotices } from './order-notices';
import {
  acceptInvitation,
  cancelInvitation,
  changeStaffRole,
  inviteStaff,
  listStaff,
  revokeStaff,
} from './staff';

const tags = ['Personal'];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/**
 * /api/personal: the owner's staff (docs/decisions/071-staff-roles.md). Every route but accepting is the
 * owner's alone (access 'admin' with no staff area): staff never manage staff.
 */
export const staffRoutes: FastifyPluginAsyncZod<{ db: Db; shop: ShopIdentity }> = async (
  app,
  { db, shop },
) => {
  app.get(
    '/personal',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'El personal con su rol y las invitaciones que esperan respuesta (dueño)',
        response: { 200: staffListSchema, ...errors },
      },
    },
    async () => listStaff(db),
  );

  app.post(
    '/personal',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Invita por correo a una persona al personal con un rol: encargado o ventas (dueño)',
        description:
          'El correo lleva un enlace que vale una semana y una sola vez; una invitación nueva al mismo correo reemplaza la anterior.',
        body: staffInviteSchema,
        response: { 201: staffInvitationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await inviteStaff(db, request.body, await currentShop(db, shop))),
  );

  app.post(
    '/personal/aceptar',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Acepta una invitación con la cuenta de su correo; responde la sesión con su rol',
        description: '400 si venció, ya se usó o fue cancelada · 403 si la sesión es de otro correo.',
        body: staffAcceptSchema,
        response: { 200: sessionUserSchema, ...errors },
      },
    },
    async (request) => acceptInvitation(db, sessionOf(request), request.body.token),
  );

  app.get(
    '/personal/avisos',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Si quien llama (personal o dueño) recibe un correo por cada pedido pagado',
        response: { 200: orderNoticesSchema, ...errors },
      },
    },
    async (request) => readOwnOrderNotices(db, sessionOf(request).user),
  );

  app.put(
    '/personal/avisos',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Quien trabaja en la tienda activa o desactiva para sí el correo de cada pedido pagado; 403 para clientes',
        body: orderNoticesSchema,
        response: { 200: orderNoticesSchema, ...errors },
      },
    },
    async (request) =>
      saveOwnOrderNotices(db, { user: sessionOf(request).user, pedidos: request.body.pedidos }),
  );

  app.put(
    '/personal/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Cambia el rol de un miembro del personal y cierra sus sesiones (dueño)',
        params: idParamsSchema,
        body: staffRoleSchema,
        response: { 200: staffMemberSchema, ...errors },
      },
    },
    async (request) =>
      changeStaffRole(db, sessionOf(request).user.id_usuario, request.params.id, request.body.rol),
  );

  app.delete(
    '/personal/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Quita el acceso de un miembro del personal (vuelve a ser cliente) y cierra sus sesiones (dueño)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeStaff(db, sessionOf(request).user.id_usuario, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/personal/invitaciones/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Cancela una invitación que todavía no se aceptó (dueño)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await cancelInvitation(db, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
