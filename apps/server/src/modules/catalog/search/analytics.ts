import { createHmac, randomBytes } from 'node:crypto';
import { isIPv6 } from 'node:net';
import {
  SEARCH_ANALYTICS_DAYS,
  SEARCH_ANALYTICS_MIN_VISITORS,
  SEARCH_ANALYTICS_TOP,
  SEARCH_MAX_LENGTH,
  type SearchAnalytics,
} from '@vitrina/shared';
import { and, desc, eq, gt, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { type Db, rowsOf, type Tx } from '../../../db/client';
import { busquedaClave, busquedaDiaria, busquedaVisitante, producto } from '../../../db/schema';
import { productSearch } from './product-search';

/*
 * What shoppers search, for the owner: per day and normalized query, how many visitors searched it, and
 * how many of them found nothing. Who searched is not stored. A visitor is known for one day only, as a
 * keyed hash (HMAC-SHA256) of their client address under a random key made for that day, not a salt kept
 * for good: the key and the day's hashes are deleted once the day is over, so no stored row can be traced
 * back to an address, even by someone holding the database and every address.
 *
 * Within its day, the hash keeps one visitor from planting a text in the owner's lists: each visitor counts
 * once per query, adds at most QUERIES_PER_VISITOR queries, and the owner sees only queries that
 * SEARCH_ANALYTICS_MIN_VISITORS visitors searched. Visitors of different days cannot be told apart, so one
 * address searching on three days counts as three: the price of forgetting who searched.
 *
 * Each process adds its searches up in memory and writes them in one transaction every few seconds
 * (docs/decisions/018-state-across-processes.md): one write per search made every search wait on one more
 * round trip, and made processes queue on the row of a popular query. The writes of all processes take
 * turns (an advisory lock), so the once-per-visitor rule and the cap hold across them.
 */

/** The listings whose `name` is a shopper's search. */
const SEARCH_ROUTES = new Set(['/api/products', '/api/products/categoria/:id']);

/** The longest a search stays counted only in the memory of its process. */
const FLUSH_EVERY_MS = 5_000;

/**
 * Searches a process keeps in memory until its next write, at most; more are not counted. One write's rows
 * must fit in the parameters of a statement (65,535 in PostgreSQL's protocol).
 */
const MOST_PENDING = 10_000;

/** Distinct queries one visitor adds to a day's figures; a shopper rarely makes half as many. */
export const QUERIES_PER_VISITOR = 20;

/** pg_advisory_xact_lock's key for the writes of the figures, taken by every process. */
const WRITE_LOCK = 58_231_017;

/** A shopper's search as counted in memory: who (for the day's hash) and what it found. */
interface Search {
  client: string;
  consulta: string;
  found: boolean;
}

/** The first day of the owner's window. */
const firstDayShown = sql`current_date - ${SEARCH_ANALYTICS_DAYS - 1}::integer`;

export interface SearchCounter {
  /** One search of `name` by the client at `address`; whether the listing found any product. */
  count(name: string, found: boolean, address: string): void;
  /** Writes what is counted so far: before the owner reads the figures, and when the process closes. */
  flush(): Promise<void>;
}

export function searchCounter(db: Db, log: FastifyBaseLogger, flushEveryMs = FLUSH_EVERY_MS): SearchCounter {
  let pending = new Map<string, Search>();
  /** How many queries of each client wait in `pending`: one client cannot crowd out the others. */
  let pendingOf = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;

  /**
   * The write under way, if any. A flush waits for it before writing what is left: the owner's figures are
   * read after a flush, and must not miss the searches the interval's write is storing at that moment.
   */
  let writing: Promise<void> = Promise.resolve();

  const flushLogged = () =>
    flush().catch((err: unknown) => log.warn({ err }, 'no se pudieron guardar las búsquedas'));

  function flush(): Promise<void> {
    // One write at a time, each after the one before, failed or not.
    writing = writing.catch(() => {}).then(write);
    return writing;
  }

  async function write() {
    clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    const batch = [...pending.values()];
    pending = new Map();
    pendingOf = new Map();
    try {
      await db.transaction((tx) => record(tx, batch));
    } catch (err) {
      // Kept for the next write (the database may be restarting); counted twice is never possible.
      for (const search of batch) add(search);
      throw err;
    }
  }

  function add(search: Search) {
    const key = `${search.client} ${search.consulta}`;
    const queries = pendingOf.get(search.client) ?? 0;
    if (pending.has(key) || queries >= QUERIES_PER_VISITOR || pending.size >= MOST_PENDING) return;
    pending.set(key, search);
    pendingOf.set(search.client, queries + 1);
    timer ??= setTimeout(flushLogged, flushEveryMs).unref();
  }

  return {
    count(name, found, address) {
      const consulta = analyticsQuery(name);
      if (consulta !== '') add({ client: clientNetwork(address), consulta, found });
    },
    flush,
  };
}

/**
 * Adds a batch to today's figures, in a transaction that holds the figures' lock: today's key, what its
 * visitors already added, then only their new queries, within QUERIES_PER_VISITOR. The day's first write
 * makes the key and deletes past days' keys and visitors, and figures older than the owner's window.
 */
async function record(tx: Tx, batch: Search[]) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${WRITE_LOCK})`);
  const today = sql`current_date`;
  let [key] = await tx
    .insert(busquedaClave)
    .values({ dia: today, clave: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
    .returning({ clave: busquedaClave.clave });
  if (key) {
    await tx.delete(busquedaClave).where(lt(busquedaClave.dia, today));
    await tx.delete(busquedaVisitante).where(lt(busquedaVisitante.dia, today));
    await tx.delete(busquedaDiaria).where(lt(busquedaDiaria.dia, firstDayShown));
  } else {
    [key] = await tx
      .select({ clave: busquedaClave.clave })
      .from(busquedaClave)
      .where(eq(busquedaClave.dia, today));
  }
  if (!key) throw new Error("today's search key is written by this transaction or an earlier one");
  const visitorOf = (client: string) =>
    createHmac('sha256', key.clave).update(client).digest('base64url').slice(0, 22);
  const searches = batch.map((search) => ({ ...search, visitante: visitorOf(search.client) }));

  const earlier = await tx
    .select({ visitante: busquedaVisitante.visitante, consulta: busquedaVisitante.consulta })
    .from(busquedaVisitante)
    .where(
      and(
        eq(busquedaVisitante.dia, today),
        inArray(busquedaVisitante.visitante, [...new Set(searches.map((s) => s.visitante))]),
      ),
    );
  const queriesOf = new Map<string, number>();
  const seen = new Set<string>();
  const note = (visitante: string, consulta: string) => {
    queriesOf.set(visitante, (queriesOf.get(visitante) ?? 0) + 1);
    seen.add(`${visitante} ${consulta}`);
  };
  for (const row of earlier) note(row.visitante, row.consulta);
  const counted = searches.filter(({ visitante, consulta }) => {
    if (seen.has(`${visitante} ${consulta}`) || (queriesOf.get(visitante) ?? 0) >= QUERIES_PER_VISITOR)
      return false;
    note(visitante, consulta);
    return true;
  });
  if (counted.length === 0) return;
  await tx
    .insert(busquedaVisitante)
    .values(counted.map(({ visitante, consulta }) => ({ dia: today, visitante, consulta })));

  const totals = new Map<string, { veces: number; sin_resultados: number }>();
  for (const { consulta, found } of counted) {
    const total = totals.get(consulta) ?? { veces: 0, sin_resultados: 0 };
    total.veces++;
    if (!found) total.sin_resultados++;
    totals.set(consulta, total);
  }
  await tx
    .insert(busquedaDiaria)
    .values([...totals].map(([consulta, total]) => ({ dia: today, consulta, ...total })))
    .onConflictDoUpdate({
      target: [busquedaDiaria.dia, busquedaDiaria.consulta],
      set: {
        veces: sql`${busquedaDiaria.veces} + excluded.veces`,
        sin_resultados: sql`${busquedaDiaria.sin_resultados} + excluded.sin_resultados`,
      },
    });
}

/**
 * The client a search is counted for: its IPv4 address, or the /64 network of its IPv6 address (a home or
 * a server is given a whole /64: its addresses are one visitor, not millions).
 */
export function clientNetwork(address: string): string {
  const plain = address.split('%')[0] ?? '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(plain)) return plain;
  const [head = '', tail] = plain.split('::');
  const groups = head === '' ? [] : head.split(':');
  if (tail !== undefined) {
    const rest = tail === '' ? [] : tail.split(':');
    // A dotted IPv4 ending (64:ff9b::192.0.2.1) stands for two groups.
    const missing = 8 - groups.length - rest.length - (rest.at(-1)?.includes('.') ? 1 : 0);
    groups.push(...Array<string>(missing).fill('0'), ...rest);
  }
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
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
    searches.count(name, typeof total === 'number' && total > 0, request.ip);
  };
}

/** The query as the owner reads it: lower case, single spaces, no surrounding blanks. */
const analyticsQuery = (name: string) =>
  name.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, SEARCH_MAX_LENGTH);

/**
 * Searches that found nothing looked at for the owner's two lists of them, the most frequent first: those
 * whose words match products on sale today (restocked, added since, or left out by a filter) are in
 * neither list, so more than both lists hold are looked at.
 */
const ZERO_RESULT_CANDIDATES = SEARCH_ANALYTICS_TOP * 5;

/**
 * The owner's lists over the window, of queries SEARCH_ANALYTICS_MIN_VISITORS visitors searched: the most
 * frequent, and those that found nothing, split by what their words match in the catalog now: only
 * sold-out products ('agotados': restock them, no synonym will help) or nothing ('sin resultados').
 */
export async function searchAnalytics(db: Db): Promise<SearchAnalytics> {
  const visitors = sql`sum(${busquedaDiaria.veces})`;
  const top = (column: typeof busquedaDiaria.veces | typeof busquedaDiaria.sin_resultados, limit: number) => {
    const veces = sql<number>`sum(${column})`.mapWith(Number);
    return db
      .select({ consulta: busquedaDiaria.consulta, veces })
      .from(busquedaDiaria)
      .where(gte(busquedaDiaria.dia, firstDayShown))
      .groupBy(busquedaDiaria.consulta)
      .having(and(gt(veces, 0), gte(visitors, SEARCH_ANALYTICS_MIN_VISITORS)))
      .orderBy(desc(veces), busquedaDiaria.consulta)
      .limit(limit);
  };
  const [frecuentes, foundNothing] = await Promise.all([
    top(busquedaDiaria.veces, SEARCH_ANALYTICS_TOP),
    top(busquedaDiaria.sin_resultados, ZERO_RESULT_CANDIDATES),
  ]);
  const matches = await catalogMatches(
    db,
    foundNothing.map((row) => row.consulta),
  );
  const where = (match: CatalogMatch) =>
    foundNothing.filter((_, i) => matches[i] === match).slice(0, SEARCH_ANALYTICS_TOP);
  return { frecuentes, sin_resultados: where('nothing'), agotados: where('soldOut') };
}

type CatalogMatch = 'onSale' | 'soldOut' | 'nothing';

/** What each query's words match among the products the owner sells, in one statement. */
async function catalogMatches(db: Db, queries: string[]): Promise<CatalogMatch[]> {
  if (queries.length === 0) return [];
  const checks: SQL[] = [];
  for (const [i, query] of queries.entries()) {
    const search = await productSearch(db, query);
    // A sold-out product matching every word counts even when the search's some-words tier, which
    // needs the thing asked for on sale, is empty.
    const where = sql`(${search.whereAll} OR ${search.where})`;
    checks.push(sql`SELECT ${i}::integer AS i,
      EXISTS (SELECT 1 FROM ${producto} WHERE ${producto.visible} AND ${where}) AS on_sale,
      EXISTS (SELECT 1 FROM ${producto} WHERE ${producto.estado} AND NOT ${producto.visible} AND ${where}) AS sold_out`);
  }
  const rows = await rowsOf<{ i: number; on_sale: boolean; sold_out: boolean }>(
    db,
    sql.join(checks, sql` UNION ALL `),
  );
  const matches: CatalogMatch[] = queries.map(() => 'nothing');
  for (const row of rows) matches[row.i] = row.on_sale ? 'onSale' : row.sold_out ? 'soldOut' : 'nothing';
  return matches;
}
