import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { countCatalogCache } from '../../metrics';

/**
 * What one cache may hold, in bytes (a character of an answer's text counts one: V8 keeps text with no
 * character past Latin-1, most of the shop's, in a byte each): every category × order × first pages of a
 * large catalog, and the rendered pages most visited, while odd query strings cannot grow it without
 * bound. By size rather than by count, so that a few large answers (rendered pages are 5 to 10 times a
 * JSON page) cannot take the process's memory. The copies an answer comes to hold as clients ask for them
 * (KeptAnswer) count too, as they are made.
 */
export const CATALOG_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/**
 * An answer a cache keeps: its text and, once a client has asked for them, its bytes as sent in each
 * coding, so it is encoded and compressed once rather than for every request.
 */
export interface KeptAnswer {
  body: string;
  bytes?: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

interface CachedAnswer extends KeptAnswer {
  etag: string;
}

/** A request's read of a URL for a cache (catalogCache.keptOrRead). */
interface Read<Answer> {
  /** Keeps the answer, unless the catalog changed since the read began. */
  keep(answer: Answer): void;
  /** Kept or not, wakes the requests waiting for this read. */
  done(): void;
}

/**
 * How long a request waits for another one reading the same URL before it reads for itself: a slow or
 * lost first request must not hold the others for longer than a slow read.
 */
const FILL_WAIT_MS = 2000;

/**
 * Answers built from the public catalog, kept in this process by URL: the catalog's JSON answers here,
 * the rendered storefront pages in modules/site. The catalog is read far more than it changes, and an
 * answer from memory costs no query, no validation and no serialization. Every change to products or
 * categories, from this process or any other, clears it (docs/decisions/008-catalog-cache.md).
 */
export function catalogCache<Answer extends KeptAnswer = CachedAnswer>(
  database: Database,
  maxBytes = CATALOG_CACHE_MAX_BYTES,
  fillWaitMs = FILL_WAIT_MS,
) {
  const answers = new Map<string, Answer>();
  /** The URLs a request is reading now, for the generation it read at: later requests wait for it. */
  const filling = new Map<string, { readAt: number; done: Promise<void> }>();
  let generation = 0;
  let bytes = 0;
  const clear = () => {
    answers.clear();
    bytes = 0;
  };
  /** Oldest first out (a Map iterates in insertion order) until `more` bytes fit. */
  const makeRoom = (more: number) => {
    for (const [oldUrl, old] of answers) {
      if (bytes + more <= maxBytes) break;
      answers.delete(oldUrl);
      bytes -= footprint(oldUrl, old);
    }
  };
  database.subscribe('catalogo_cambio', () => {
    generation++;
    clear();
  });
  const get = (url: string) => (database.listening() ? answers.get(url) : undefined);
  /** Keeps `answer` unless the catalog changed since `readAt`, the generation its read began in. */
  const set = (url: string, answer: Answer, readAt: number) => {
    if (readAt !== generation || !database.listening() || answers.has(url)) return;
    const size = footprint(url, answer);
    if (size > maxBytes) return;
    makeRoom(size);
    answers.set(url, answer);
    bytes += size;
  };
  /** This request reads `url` for the cache; later requests wait for it until `done` or FILL_WAIT_MS. */
  const beginRead = (url: string): Read<Answer> => {
    const readAt = generation;
    let release = () => {};
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The entry goes as its promise resolves, so a waiter that wakes and looks again never finds a
    // promise already resolved: it reads, or waits for a read begun since.
    const free = () => {
      clearTimeout(timer);
      if (filling.get(url)?.done === done) filling.delete(url);
      release();
    };
    const timer = setTimeout(free, fillWaitMs).unref();
    filling.set(url, { readAt, done });
    return { keep: (answer) => set(url, answer, readAt), done: free };
  };
  return {
    get,
    /**
     * The answer kept at `url` once any request already reading it in this generation is done, so that
     * many visitors of an answer just cleared cost one read, not one each (a busy shop clears the cache
     * with every sale); else the read this request is to make, registered at once for later requests to
     * wait for. A read that fails or is not kept wakes everyone waiting: the first to wake reads.
     */
    async keptOrRead(
      url: string,
    ): Promise<{ kept: Answer; read?: undefined } | { kept?: undefined; read: Read<Answer> }> {
      for (;;) {
        const kept = get(url);
        if (kept) return { kept };
        const reading = filling.get(url);
        if (reading?.readAt !== generation) return { read: beginRead(url) };
        await reading.done;
      }
    },
    /** `answer`, kept at `url`, has made a copy of `size` bytes (sendKept): it counts from now on. */
    grew,
    /** Sends `answer` (sendKept); the copies it makes count if this cache keeps it at the request's URL. */
    send: (request: FastifyRequest, reply: FastifyReply, answer: Answer) =>
      sendKept(request, reply, answer, (size) => grew(request.url, answer, size)),
  };
  function grew(url: string, answer: Answer, size: number) {
    if (answers.get(url) !== answer) return;
    bytes += size;
    makeRoom(0);
  }
}

/** What a kept answer takes: its URL, its text and every copy it has made. */
function footprint(url: string, answer: KeptAnswer): number {
  return (
    url.length +
    answer.body.length +
    (answer.bytes?.length ?? 0) +
    (answer.br?.length ?? 0) +
    (answer.gzip?.length ?? 0)
  );
}

type CatalogCache = ReturnType<typeof catalogCache<CachedAnswer>>;

/**
 * Answers the GET routes of `app` (one encapsulated plugin) that declare `config: { publicCache: true }`
 * from the cache, and fills it with their answers; its other routes are never kept. Call it before the
 * routes: their answers, the same for every visitor, are marked to hand out no cookie (csrf.ts).
 * `answered` sees the text of every successful answer, kept or fresh.
 */
export function serveFromCache(
  app: FastifyInstance,
  cache: CatalogCache,
  answered?: (request: FastifyRequest, body: string) => void,
) {
  const reading = new WeakMap<object, Read<CachedAnswer>>();
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, xsrfCookie: false };
  });
  const sendKeptAnswer = (request: FastifyRequest, reply: FastifyReply, kept: CachedAnswer) => {
    countCatalogCache('hit');
    answered?.(request, kept.body);
    reply.header('content-type', 'application/json; charset=utf-8').header('etag', kept.etag);
    cache.send(request, reply, kept);
  };
  // Callback hooks: on the path of every cached answer, where an async hook's promise is measurable.
  // A hook that sends does not call done(); the route's handler then never runs.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' || !request.routeOptions.config.publicCache) return done();
    const hit = cache.get(request.url);
    if (hit) return sendKeptAnswer(request, reply, hit);
    // A miss waits for any request reading the same URL (keptOrRead), then answers from its copy or reads.
    cache.keptOrRead(request.url).then(({ kept, read }) => {
      if (kept) return sendKeptAnswer(request, reply, kept);
      countCatalogCache('miss');
      reading.set(request, read);
      done();
    });
  });
  // Runs after the ETag plugin's hook, so the answer's ETag is already computed.
  app.addHook('onSend', (request, reply, payload, done) => {
    const began = reading.get(request);
    const etag = reply.getHeader('etag');
    if (began !== undefined && reply.statusCode === 200 && typeof payload === 'string') {
      answered?.(request, payload);
      if (typeof etag === 'string') began.keep({ body: payload, etag });
      // Kept, it goes out in each client's coding (sendKept): a cache in front (nginx, a CDN) must keep
      // a copy per coding from this first answer on, which @fastify/compress marks only when it compresses.
      reply.header('vary', 'accept-encoding');
    }
    // Every answer passes here, an error's too; one that never does frees its waiters after FILL_WAIT_MS.
    began?.done();
    done(null, payload);
  });
}

/** Quick brotli: a kept answer is compressed as it is first sent, not ahead like the built assets. */
const BROTLI = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };

/** The codings a kept answer is sent in, the client's preference (q-values) deciding, as @fastify/compress does. */
const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });

/**
 * Sends a kept answer in the coding the client accepts, compressing it the first time only. An answer
 * that already has a Content-Encoding is left alone by @fastify/compress.
 */
export function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: KeptAnswer,
  /** Told the size of each copy made, for the cache that holds the answer to count it. */
  grew: (size: number) => void,
) {
  reply.header('vary', 'accept-encoding');
  const coding = encodings.negotiate(String(request.headers['accept-encoding'] ?? ''));
  // The copy is on the answer before it is reported: a cache that makes room for it may drop this very
  // answer, and must then take back its size with the rest of it.
  const kept = (copy: 'br' | 'gzip' | 'bytes', make: () => Buffer): Buffer => {
    const held = answer[copy];
    if (held) return held;
    const made = make();
    answer[copy] = made;
    grew(made.length);
    return made;
  };
  if (coding === 'br') {
    const br = kept('br', () => brotliCompressSync(answer.body, BROTLI));
    return reply.header('content-encoding', 'br').send(br);
  }
  if (coding === 'gzip') {
    const gzip = kept('gzip', () => gzipSync(answer.body));
    return reply.header('content-encoding', 'gzip').send(gzip);
  }
  // Kept as bytes too: uncompressed answers go to crawlers, probes and load tests, as often as the others.
  return reply.send(kept('bytes', () => Buffer.from(answer.body)));
}
