import {
  apiErrorSchema,
  idParamsSchema,
  mailboxMessageSchema,
  mailboxPageSchema,
  mailboxQuerySchema,
} from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { listMailbox, mailboxMessage } from './mailbox';

const tags = ['Correos'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** The admin mailbox: every message the shop queued, sent or not, with what the mail server answered. */
export const mailboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/correos',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Correos de la tienda, los más recientes primero, con su estado de envío',
        querystring: mailboxQuerySchema,
        response: { 200: mailboxPageSchema, ...errors },
      },
    },
    async (request) => listMailbox(db, request.query.page),
  );

  app.get(
    '/admin/correos/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Un correo con su HTML y su texto, para la vista previa',
        params: idParamsSchema,
        response: { 200: mailboxMessageSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => mailboxMessage(db, request.params.id),
  );
};
