import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import { XSRF_COOKIE } from '@vitrina/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerFactory } from 'fastify';
import { countCatalogCache, observeRequest } from '../../metrics';
import { REQUEST_ID_HEADER } from '../../request-id';

/**
 * Fastify's own answer to a kept catalog answer, as it went out: sent again by the HTTP server for the
 * same URL and the same Accept-Encoding, before Fastify (docs/decisions/008, "Replayed before Fastify").
 */
export interface Replay {
  /** Every header Fastify sent but the request id, which each answer gets anew. */
  headers: Record<string, number | string | string[] | undefined>;
  /** The very bytes sent: the kept answer's copy in that coding. */
  body: Buffer;
  /** The route's pattern, for the request metrics (none for a page, which Fastify answers as not found). */
  route: string | undefined;
  /** The answer hands a visitor without one an XSRF-TOKEN cookie (plugins/csrf.ts): a new one each time. */
  xsrf: boolean;
}

/**
 * A kept answer as replays see it: its copies by coding and its replays. cache.ts's KeptAnswer, named
 * here because cache.ts imports this module and the linter forbids the cycle.
 */
interface KeptAnswer {
  replays?: Map<string, Replay>;
  bytes?: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** One cache of kept answers: its lookup of the answers still valid, and its count of their bytes. */
interface KeptAnswers<Answer extends KeptAnswer> {
  get(url: string): Answer | undefined;
  grew(url: string, answer: Answer, size: number): void;
}

/** What a replay adds to its answer in memory: its key and headers (the body is the answer's own copy). */
export const replayFootprint = (coding: string, replay: Replay) =>
  coding.length + JSON.stringify(replay.headers).length;

/**
 * Accept-Encoding values remembered per answer. Browsers send one fixed value each, so a few cover
 * nearly every visitor; a client varying it on purpose cannot grow an answer past this.
 */
const MAX_REPLAYS_PER_ANSWER = 4;

/**
 * Where the catalog's caches hand over what Fastify sent (record) and the HTTP server looks for it
 * (server). `replaying` is false while Fastify must see every request: when it logs each one
 * (LOG_LEVEL info or lower) and while the process drains.
 */
export function keptAnswerReplays({
  requestId,
  xsrfCookie,
  measure,
  replaying,
}: {
  requestId: (request: IncomingMessage) => string;
  /** The Set-Cookie for a visitor with this Cookie header, when one is due (csrf.ts's xsrfSetCookie). */
  xsrfCookie: (cookieHeader: string | undefined) => string | undefined;
  /** The request histogram is on (METRICS_PORT): a replay is timed like any answer. */
  measure: boolean;
  replaying: () => boolean;
}) {
  const sources: KeptAnswers<KeptAnswer>['get'][] = [];

  /** The replay of this request, when every condition for one holds. */
  const find = (request: IncomingMessage): Replay | undefined => {
    // A revalidation gets its 304 from the ETag plugin, in one place.
    if (request.method !== 'GET' || request.headers['if-none-match'] !== undefined || !replaying()) return;
    const url = request.url ?? '';
    const coding = request.headers['accept-encoding'] ?? '';
    for (const source of sources) {
      const replay = source(url)?.replays?.get(coding);
      if (replay) return replay;
    }
  };

  const answer = (request: IncomingMessage, response: ServerResponse): boolean => {
    const began = measure ? performance.now() : 0;
    const replay = find(request);
    if (!replay) return false;
    countCatalogCache('hit');
    const cookie = replay.xsrf ? xsrfCookie(request.headers.cookie) : undefined;
    // The headers are Fastify's, as it passed them to this same writeHead.
    response.writeHead(200, {
      [REQUEST_ID_HEADER]: requestId(request),
      ...replay.headers,
      ...(cookie && { 'set-cookie': cookie }),
    } as OutgoingHttpHeaders);
    response.end(replay.body);
    if (measure) observeRequest('GET', replay.route, 200, (performance.now() - began) / 1000);
    return true;
  };

  return {
    /**
     * Replays for the kept answers of `cache` that `app` (one plugin's routes) sends: call the returned
     * function with each request answered from `cache`. Once Fastify has sent it, the answer is recorded
     * as it went out, onto that very answer if it is still kept (a change may have replaced it).
     */
    serving<Answer extends KeptAnswer>(app: FastifyInstance, cache: KeptAnswers<Answer>) {
      sources.push(cache.get);
      const sending = new WeakMap<object, Answer>();
      app.addHook('onResponse', (request, reply, done) => {
        const kept = sending.get(request);
        if (kept && reply.statusCode === 200 && cache.get(request.url) === kept) {
          const size = record(request, reply, kept);
          if (size > 0) cache.grew(request.url, kept, size);
        }
        done();
      });
      return (request: FastifyRequest, answer: Answer) => {
        sending.set(request, answer);
      };
    },
    /** Fastify's HTTP server, answering replays itself and handing every other request to Fastify. */
    server: ((handler, options) => {
      const server = createServer((options.http ?? {}) as ServerOptions, (request, response) => {
        if (!answer(request, response)) handler(request, response);
      });
      // What Fastify sets on the server it makes itself (its lib/server.js), from its own defaults.
      const setting = (name: string) => (typeof options[name] === 'number' ? options[name] : 0);
      server.keepAliveTimeout = setting('keepAliveTimeout');
      server.requestTimeout = setting('requestTimeout');
      server.setTimeout(setting('connectionTimeout'));
      if (setting('maxRequestsPerSocket') > 0) server.maxRequestsPerSocket = setting('maxRequestsPerSocket');
      return server;
    }) satisfies FastifyServerFactory,
  };
}

/**
 * Remembers Fastify's answer to `request` on the kept answer it sent. Returns the bytes it now holds
 * beyond the answer's copies, for the cache to count.
 */
function record(request: FastifyRequest, reply: FastifyReply, kept: KeptAnswer) {
  const coding = request.headers['accept-encoding'] ?? '';
  kept.replays ??= new Map();
  if (kept.replays.has(coding) || kept.replays.size >= MAX_REPLAYS_PER_ANSWER) return 0;
  const { [REQUEST_ID_HEADER]: _id, 'set-cookie': cookie, ...headers } = reply.getHeaders();
  const encoding = headers['content-encoding'];
  const body =
    encoding === undefined
      ? kept.bytes
      : encoding === 'br' || encoding === 'gzip'
        ? kept[encoding]
        : undefined;
  // Not a draining answer (it closes its connection), a coding the cache did not make, or a cookie
  // other than the XSRF token, which a replay makes anew.
  const xsrfOnly =
    cookie === undefined || (typeof cookie === 'string' && cookie.startsWith(`${XSRF_COOKIE}=`));
  if (headers.connection !== undefined || body === undefined || !xsrfOnly) return 0;
  const replay = {
    headers,
    body,
    route: request.routeOptions.url,
    xsrf: request.routeOptions.config.xsrfCookie !== false,
  };
  kept.replays.set(coding, replay);
  return replayFootprint(coding, replay);
}

export type KeptAnswerReplays = ReturnType<typeof keptAnswerReplays>;
