import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { rootCause } from '../../errors';

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['pglite', 'postgres']),
  uptime: z.number(),
});

/** Liveness plus a round trip to the database; 503 when the database does not answer. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/health',
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['Sistema'],
        summary: 'Estado del servicio y de la base de datos',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      const body = { database: database.kind, uptime: Math.round(process.uptime()) };
      try {
        await database.db.execute(sql`SELECT 1`);
        return { status: 'ok' as const, ...body };
      } catch (err) {
        // Load balancers ask every few seconds: one short line each while the database is away.
        request.log.warn({ reason: rootCause(err as Error).message }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error' as const, ...body });
      }
    },
  );
};
