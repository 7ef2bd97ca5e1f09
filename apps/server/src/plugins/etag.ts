import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Strong ETags on successful JSON GETs of the API, and 304 for a matching If-None-Match, so a
 * shopper's browser revalidates a listing without downloading it again.
 */
export const etagPlugin = fp(async function etagPlugin(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    done(null, withEtag(request, reply, payload));
  });
});

/** The payload to send: the same, or nothing with a 304 when the caller already has this ETag. */
function withEtag(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
  if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
  // A cached answer brings the ETag computed when it was first sent, and is sent as bytes (compressed or
  // not, catalog/cache.ts); any other answer is hashed as the text it is.
  const known = reply.getHeader('etag');
  const etag = typeof known === 'string' ? known : typeof payload === 'string' ? hashOf(payload) : undefined;
  if (etag === undefined) return payload;
  reply.header('etag', etag);
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
  if (matches(request.headers['if-none-match'], etag)) {
    reply.code(304);
    return '';
  }
  return payload;
}

const hashOf = (text: string) => `"${createHash('sha1').update(text).digest('base64url')}"`;

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}
