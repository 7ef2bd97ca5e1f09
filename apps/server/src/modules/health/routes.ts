import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Database, rowsOf } from '../../db/client';
import { rootCause } from '../../errors';
import { MIGRATIONS_DIR } from '../../paths';

const readySchema = z.object({
  status: z.enum(['ok', 'error']),
  /** What is not ready, in plain words; absent when ready. */
  reason: z.string().optional(),
});

/** The migrations this build expects, by the timestamp Drizzle records for each once applied. */
function journalMigrations(): string[] {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return journal.entries.map((entry) => String(entry.when));
}

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['pglite', 'postgres']),
  uptime: z.number(),
});

/** Liveness plus a round trip to the database; 503 when the database does not answer. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const expected = journalMigrations();

  /**
   * Readiness, apart from liveness: whether a load balancer should send this process traffic. The database
   * answers and has every migration of this build (an instance started against an older schema, or whose
   * migration is still running elsewhere, is alive but not ready). While the process drains (SIGTERM),
   * Fastify answers 503 to every new request, this one included.
   */
  app.get(
    '/health/ready',
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['Sistema'],
        summary: 'Si esta instancia puede recibir tráfico: base de datos accesible y migraciones aplicadas',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (request, reply) => {
      let applied: Set<string>;
      try {
        const rows = await rowsOf<{ created_at: string | number }>(
          database.db,
          sql`SELECT created_at FROM drizzle.__drizzle_migrations`,
        );
        applied = new Set(rows.map((row) => String(row.created_at)));
      } catch (err) {
        request.log.warn({ reason: rootCause(err as Error).message }, 'readiness: database unreachable');
        return reply.code(503).send({ status: 'error' as const, reason: 'database unreachable' });
      }
      const missing = expected.filter((when) => !applied.has(when)).length;
      if (missing > 0) {
        return reply
          .code(503)
          .send({ status: 'error' as const, reason: `${missing} migrations not applied` });
      }
      return { status: 'ok' as const };
    },
  );

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
