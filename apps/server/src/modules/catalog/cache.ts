import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { countCatalogCache } from '../../metrics';

/** Enough for every category × order × first pages, small enough that odd query strings can't bloat it. */
const MAX_ENTRIES = 2000;

interface CachedAnswer {
  body: string;
  etag: string;
}

/**
 * The public catalog's JSON answers, kept in this process by URL. The catalog is read far more than it
 * changes, and an answer from memory costs no query, no validation and no serialization. Every change to
 * products or categories, from this process or any other, clears it (docs/decisions/008-catalog-cache.md).
 */
export function catalogCache(database: Database) {
  const answers = new Map<string, CachedAnswer>();
  let generation = 0;
  database.subscribe('catalogo_cambio', () => {
    generation++;
    answers.clear();
  });
  return {
    get: (url: string) => (database.listening() ? answers.get(url) : undefined),
    /** Where the catalog stood when a request began: an answer read before a change is not kept after it. */
    generation: () => generation,
    set(url: string, answer: CachedAnswer, readAt: number) {
      if (readAt !== generation || !database.listening()) return;
      // Oldest first out: a Map iterates in insertion order.
      if (answers.size >= MAX_ENTRIES) answers.delete(answers.keys().next().value as string);
      answers.set(url, answer);
    },
  };
}

type CatalogCache = ReturnType<typeof catalogCache>;

/** Answers the GET routes of `app` (one encapsulated plugin) from the cache, and fills it. */
export function serveFromCache(app: FastifyInstance, cache: CatalogCache) {
  const readAt = new WeakMap<object, number>();
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET') return;
    const hit = cache.get(request.url);
    countCatalogCache(hit ? 'hit' : 'miss');
    if (!hit) {
      readAt.set(request, cache.generation());
      return;
    }
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('etag', hit.etag)
      .send(hit.body);
  });
  // Runs after the ETag plugin's hook, so the answer's ETag is already computed.
  app.addHook('onSend', async (request, reply, payload) => {
    const began = readAt.get(request);
    const etag = reply.getHeader('etag');
    if (
      began !== undefined &&
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      typeof etag === 'string'
    ) {
      cache.set(request.url, { body: payload, etag }, began);
    }
    return payload;
  });
}
