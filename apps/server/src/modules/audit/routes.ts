import { apiErrorSchema, auditPageSchema, auditQuerySchema } from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { type AuditReading, listAuditTrail } from './audit-trail';

export interface AuditRoutesOptions extends AuditReading {
  db: Db;
}

/** The audit trail: who changed what in the admin, and when. */
export const auditRoutes: FastifyPluginAsyncZod<AuditRoutesOptions> = async (app, { db, ...reading }) => {
  app.get(
    '/admin/auditoria',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['Administración'],
        summary:
          'Registro de cambios de los administradores, los más recientes primero; por entidad y por fechas (zona horaria de la tienda)',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => listAuditTrail(db, request.query, reading),
  );
};
