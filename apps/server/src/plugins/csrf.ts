import { randomBytes, timingSafeEqual } from 'node:crypto';
import { XSRF_COOKIE, XSRF_HEADER } from '@vitrina/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from './auth';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` exempts a route from the XSRF check. Only for server-to-server calls that prove themselves
     * another way (Stripe's signed webhook) and that no browser session authorizes.
     */
    csrf?: boolean;
  }
}

/**
 * Double-submit CSRF check (SPEC §9 names): any GET hands out an XSRF-TOKEN cookie the page's script
 * can read; every state-changing /api request must echo it in the X-XSRF-TOKEN header. A forged
 * cross-site request cannot read the cookie, so it cannot send the header. A route may opt out with
 * `config: { csrf: false }`.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, { secure }: { secure: boolean }) => {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (SAFE_METHODS.has(request.method)) {
      if (!cookie) {
        reply.setCookie(XSRF_COOKIE, newToken(), {
          httpOnly: false,
          sameSite: 'strict',
          secure,
          path: '/',
        });
      }
      return;
    }
    if (!request.url.startsWith('/api/')) return;
    if (request.routeOptions.config.csrf === false) return;
    const header = request.headers[XSRF_HEADER.toLowerCase()];
    if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
      throw forbidden('La sesión de seguridad expiró. Recarga la página e inténtalo de nuevo.');
    }
  });
});

const TOKEN_BYTES = 32;
const TOKENS_PER_FILL = 256;
let randomPool = Buffer.alloc(0);

/**
 * A new unguessable token. Every first visit gets one, so the random bytes are drawn for 256 tokens at a
 * time: one system call per 256 visitors instead of one each. Each byte is used once.
 */
function newToken(): string {
  if (randomPool.length < TOKEN_BYTES) randomPool = randomBytes(TOKEN_BYTES * TOKENS_PER_FILL);
  const token = randomPool.subarray(0, TOKEN_BYTES).toString('base64url');
  randomPool = randomPool.subarray(TOKEN_BYTES);
  return token;
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
