import { randomBytes, timingSafeEqual } from 'node:crypto';
import { XSRF_COOKIE, XSRF_HEADER } from '@vitrina/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` exempts a route from the XSRF and origin checks. Only for server-to-server calls that prove
     * themselves another way (Stripe's signed webhook) and that no browser session authorizes.
     */
    csrf?: boolean;
    /**
     * `false`: the route's answers hand out no XSRF-TOKEN cookie. For answers that are the same for
     * every visitor (the catalog's, which its cache keeps): a Set-Cookie would make each one personal and
     * keep any shared cache from holding it. The pages and /api/config still hand it out.
     */
    xsrfCookie?: boolean;
  }
}

/**
 * Double-submit CSRF check (SPEC §9 names): a GET hands out an XSRF-TOKEN cookie the page's script
 * can read (any GET but the catalog's shared answers, see `xsrfCookie`); every state-changing /api
 * request must echo it in the X-XSRF-TOKEN header. A forged cross-site request cannot read the cookie,
 * so it cannot send the header.
 *
 * Defence in depth, checked first: a state-changing /api request a browser says comes from another site
 * is refused even with the token — an `Origin` that is not the shop's (`Origin: null` included), or
 * `Sec-Fetch-Site: cross-site`. The shop's origin is PUBLIC_URL's, or the address the request itself was
 * sent to (scheme and Host): a page of another site cannot send our Host with its own Origin, and this
 * keeps working when the shop is opened at 127.0.0.1 instead of localhost, or through the web app's
 * development server (its proxy keeps the browser's Host). Requests without an Origin (scripts, server
 * to server) are left to the token.
 *
 * A route may opt out of both with `config: { csrf: false }`.
 */
export interface CsrfOptions {
  /** Cookies only over HTTPS. */
  secure: boolean;
  /** The shop's public address (PUBLIC_URL). */
  publicUrl: string;
}

export const csrfPlugin = fp(async function csrfPlugin(
  app: FastifyInstance,
  { secure, publicUrl }: CsrfOptions,
) {
  const shopOrigin = new URL(publicUrl).origin;
  // A callback hook: it runs before every answer, where an async hook's promise is measurable.
  app.addHook('onRequest', (request, reply, done) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!SAFE_METHODS.has(request.method)) return done(refusal(request, cookie, shopOrigin));
    if (!cookie && request.routeOptions.config.xsrfCookie !== false) {
      reply.setCookie(XSRF_COOKIE, newToken(), { httpOnly: false, sameSite: 'strict', secure, path: '/' });
    }
    done();
  });
});

/** Why a state-changing request is refused, if it is. */
function refusal(request: FastifyRequest, cookie: string | undefined, shopOrigin: string) {
  if (!request.url.startsWith('/api/')) return undefined;
  if (request.routeOptions.config.csrf === false) return undefined;
  if (fromAnotherSite(request, shopOrigin)) {
    return forbidden('Esta solicitud viene de otro sitio y no se aceptó. Abre la tienda desde su dirección.');
  }
  const header = request.headers[XSRF_HEADER.toLowerCase()];
  if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
    return forbidden('La sesión de seguridad expiró. Recarga la página e inténtalo de nuevo.');
  }
  return undefined;
}

/** Whether the browser says a request comes from a page of another site. */
function fromAnotherSite(request: FastifyRequest, shopOrigin: string): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  const given = origin.toLowerCase();
  return given !== shopOrigin && given !== `${request.protocol}://${request.host}`.toLowerCase();
}

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
