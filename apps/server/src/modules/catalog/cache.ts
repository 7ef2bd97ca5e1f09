import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { countCatalogCache } from '../../metrics';

/**
 * What one cache may hold, counted in characters of its answers (about their bytes): every category ×
 * order × first pages of a large catalog, and the rendered pages most visited, while odd query strings
 * cannot grow it without bound. By size rather than by count, so that a few large answers (rendered
 * pages are 5 to 10 times a JSON page) cannot take the process's memory.
 */
export const CATALOG_CACHE_MAX_CHARS = 32 * 1024 * 1024;

interface CachedAnswer {
  body: string;
  etag: string;
}

/**
 * Answers built from the public catalog, kept in this process by URL: the catalog's JSON answers here,
 * the rendered storefront pages in modules/site. The catalog is read far more than it changes, and an
 * answer from memory costs no query, no validation and no serialization. Every change to products or
 * categories, from this process or any other, clears it (docs/decisions/008-catalog-cache.md).
 */
export function catalogCache<Answer extends { body: string } = CachedAnswer>(
  database: Database,
  maxChars = CATALOG_CACHE_MAX_CHARS,
) {
  const answers = new Map<string, Answer>();
  let generation = 0;
  let chars = 0;
  const clear = () => {
    answers.clear();
    chars = 0;
  };
  database.subscribe('catalogo_cambio', () => {
    generation++;
    clear();
  });
  return {
    get: (url: string) => (database.listening() ? answers.get(url) : undefined),
    /** Where the catalog stood when a request began: an answer read before a change is not kept after it. */
    generation: () => generation,
    set(url: string, answer: Answer, readAt: number) {
      if (readAt !== generation || !database.listening() || answers.has(url)) return;
      const size = url.length + answer.body.length;
      if (size > maxChars) return;
      // Oldest first out: a Map iterates in insertion order.
      for (const [oldUrl, old] of answers) {
        if (chars + size <= maxChars) break;
        answers.delete(oldUrl);
        chars -= oldUrl.length + old.body.length;
      }
      answers.set(url, answer);
      chars += size;
    },
  };
}

type CatalogCache = ReturnType<typeof catalogCache<CachedAnswer>>;

/**
 * Answers the GET routes of `app` (one encapsulated plugin) from the cache, and fills it. Call it before
 * the routes: their answers, the same for every visitor, are marked to hand out no cookie (csrf.ts).
 */
export function serveFromCache(app: FastifyInstance, cache: CatalogCache) {
  const readAt = new WeakMap<object, number>();
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, xsrfCookie: false };
  });
  // Callback hooks: on the path of every cached answer, where an async hook's promise is measurable.
  // A hook that sends does not call done(); the route's handler then never runs.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET') return done();
    const hit = cache.get(request.url);
    countCatalogCache(hit ? 'hit' : 'miss');
    if (!hit) {
      readAt.set(request, cache.generation());
      return done();
    }
    reply.header('content-type', 'application/json; charset=utf-8').header('etag', hit.etag).send(hit.body);
  });
  // Runs after the ETag plugin's hook, so the answer's ETag is already computed.
  app.addHook('onSend', (request, reply, payload, done) => {
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
    done(null, payload);
  });
}
