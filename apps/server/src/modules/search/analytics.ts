import {
  SEARCH_ANALYTICS_DAYS,
  SEARCH_ANALYTICS_TOP,
  SEARCH_MAX_LENGTH,
  type SearchAnalytics,
} from '@vitrina/shared';
import { desc, gt, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { busquedaDiaria } from '../../db/schema';

/*
 * What shoppers search, for the owner: per day and normalized query, how many times and how many found
 * nothing. Nothing about who searched is stored. One upsert per listing search, not awaited by it.
 */

/** The listings whose `name` is a shopper's search. */
const SEARCH_ROUTES = new Set(['/api/products', '/api/products/categoria/:id']);

/**
 * Counts every search's first page (the next pages are the same search) as it is sent, whether the
 * catalog cache answered it or the database: a popular search is mostly answered from memory. The query
 * is validated when the database answered, raw when the cache did (its URL was valid the first time).
 */
export function countSearches(app: FastifyInstance, db: Db) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    if (!SEARCH_ROUTES.has(request.routeOptions.url ?? '')) return payload;
    const { name, page } = (request.query ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || name.trim() === '') return payload;
    if (!(page === undefined || page === 1 || page === '1' || page === '')) return payload;
    const { total } = JSON.parse(payload) as { total?: unknown };
    recordSearch(db, name, typeof total === 'number' && total > 0).catch((err: unknown) =>
      request.log.warn({ err }, 'no se pudo contar la búsqueda'),
    );
    return payload;
  });
}

/** The query as the owner reads it: lower case, single spaces, no surrounding blanks. */
const analyticsQuery = (name: string) =>
  name.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, SEARCH_MAX_LENGTH);

export async function recordSearch(db: Db, name: string, found: boolean): Promise<void> {
  const consulta = analyticsQuery(name);
  if (consulta === '') return;
  await db
    .insert(busquedaDiaria)
    .values({ dia: sql`current_date`, consulta, veces: 1, sin_resultados: found ? 0 : 1 })
    .onConflictDoUpdate({
      target: [busquedaDiaria.dia, busquedaDiaria.consulta],
      set: {
        veces: sql`${busquedaDiaria.veces} + 1`,
        sin_resultados: sql`${busquedaDiaria.sin_resultados} + excluded.sin_resultados`,
      },
    });
}

export async function searchAnalytics(db: Db): Promise<SearchAnalytics> {
  const since = gte(busquedaDiaria.dia, sql`current_date - ${SEARCH_ANALYTICS_DAYS - 1}::integer`);
  const top = (column: typeof busquedaDiaria.veces | typeof busquedaDiaria.sin_resultados) => {
    const veces = sql<number>`sum(${column})`.mapWith(Number);
    return db
      .select({ consulta: busquedaDiaria.consulta, veces })
      .from(busquedaDiaria)
      .where(since)
      .groupBy(busquedaDiaria.consulta)
      .having(gt(veces, 0))
      .orderBy(desc(veces), busquedaDiaria.consulta)
      .limit(SEARCH_ANALYTICS_TOP);
  };
  const [frecuentes, sin_resultados] = await Promise.all([
    top(busquedaDiaria.veces),
    top(busquedaDiaria.sin_resultados),
  ]);
  return { frecuentes, sin_resultados };
}
