import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a load balancer's id may look like: short, printable, nothing a log line could be forged with. */
const SANE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/**
 * Each request's id, on every log line of the request (Fastify's reqId) and in the X-Request-Id answer
 * header. Behind a trusted proxy (TRUST_PROXY) the load balancer's own id is kept, so its logs and ours
 * name the request alike; otherwise a caller could choose what our logs say, and a new id is made.
 */
export function requestIdGenerator(trustProxy: boolean) {
  return (request: IncomingMessage): string => {
    const incoming = request.headers[REQUEST_ID_HEADER];
    if (trustProxy && typeof incoming === 'string' && SANE_ID.test(incoming)) return incoming;
    return randomUUID();
  };
}
