import {
  SEARCH_ANALYTICS_DAYS,
  SEARCH_ANALYTICS_TOP,
  SEARCH_MAX_LENGTH,
  type SearchAnalytics,
} from '@vitrina/shared';
import { desc, gt, gte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { busquedaDiaria } from '../../db/schema';

/*
 * What shoppers search, for the owner: per day and normalized query, how many times and how many found
 * nothing. Nothing about who searched is stored. Each process adds its searches up in memory and writes
 * them in one statement every few seconds (docs/decisions/018-state-across-processes.md): one write per
 * search made every search wait on one more round trip, and made processes queue on the row of a
 * popular query.
 */

/** The listings whose `name` is a shopper's search. */
const SEARCH_ROUTES = new Set(['/api/products', '/api/products/categoria/:id']);

/** The longest a search stays counted only in the memory of its process. */
const FLUSH_EVERY_MS = 5_000;

export interface SearchCounter {
  count(name: string, found: boolean): void;
  /** Writes what is counted so far: before the owner reads the figures, and when the process closes. */
  flush(): Promise<void>;
}

export function searchCounter(db: Db, log: FastifyBaseLogger, flushEveryMs = FLUSH_EVERY_MS): SearchCounter {
  let pending = new Map<string, { veces: number; sin_resultados: number }>();
  let timer: NodeJS.Timeout | undefined;

  async function flush() {
    clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    try {
      await db
        .insert(busquedaDiaria)
        .values([...batch].map(([consulta, n]) => ({ dia: sql`current_date`, consulta, ...n })))
        .onConflictDoUpdate({
          target: [busquedaDiaria.dia, busquedaDiaria.consulta],
          set: {
            veces: sql`${busquedaDiaria.veces} + excluded.veces`,
            sin_resultados: sql`${busquedaDiaria.sin_resultados} + excluded.sin_resultados`,
          },
        });
    } catch (err) {
      // Kept for the next write (the database may be restarting); counted twice is never possible.
      for (const [consulta, n] of batch) add(consulta, n.veces, n.sin_resultados);
      throw err;
    }
  }

  function add(consulta: string, veces: number, sinResultados: number) {
    const counted = pending.get(consulta) ?? { veces: 0, sin_resultados: 0 };
    counted.veces += veces;
    counted.sin_resultados += sinResultados;
    pending.set(consulta, counted);
    timer ??= setTimeout(
      () => flush().catch((err: unknown) => log.warn({ err }, 'no se pudieron guardar las búsquedas')),
      flushEveryMs,
    ).unref();
  }

  return {
    count(name, found) {
      const consulta = analyticsQuery(name);
      if (consulta !== '') add(consulta, 1, found ? 0 : 1);
    },
    flush,
  };
}

/**
 * Counts every search's first page (the next pages are the same search) as it is sent, whether the
 * catalog cache answered it or the database (catalog/cache.ts calls it with every answer's text): a
 * popular search is mostly answered from memory. The query is validated when the database answered, raw
 * when the cache did (its URL was valid the first time).
 */
export function searchCounting(searches: SearchCounter) {
  return (request: FastifyRequest, body: string) => {
    if (!SEARCH_ROUTES.has(request.routeOptions.url ?? '')) return;
    const { name, page } = (request.query ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || name.trim() === '') return;
    if (!(page === undefined || page === 1 || page === '1' || page === '')) return;
    const { total } = JSON.parse(body) as { total?: unknown };
    searches.count(name, typeof total === 'number' && total > 0);
  };
}

/** The query as the owner reads it: lower case, single spaces, no surrounding blanks. */
const analyticsQuery = (name: string) =>
  name.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, SEARCH_MAX_LENGTH);

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
