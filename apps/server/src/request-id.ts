import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a load balancer's id may look like: short, printable, nothing a log line could be forged with. */
const SANE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/**
 * Each request's id, on every log line of the request (Fastify's reqId) and in the X-Request-Id answer
 * header. From a trusted proxy (TRUST_PROXY) the load balancer's own id is kept, so its logs and ours
 * name the request alike; from anyone else a caller could choose what our logs say, and a new id is made.
 */
export function requestIdGenerator(trusted?: (address: string, hop: number) => boolean) {
  return (request: IncomingMessage): string => {
    const incoming = request.headers[REQUEST_ID_HEADER];
    const peer = request.socket?.remoteAddress;
    const fromProxy = trusted !== undefined && peer !== undefined && trusted(peer, 0);
    if (fromProxy && typeof incoming === 'string' && SANE_ID.test(incoming)) return incoming;
    return randomUUID();
  };
}
