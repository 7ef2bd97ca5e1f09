import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  /** PAYMENT_PROVIDER=stripe: Stripe.js, its card fields and its 3-D Secure frames are allowed. */
  stripe?: boolean;
}

/** What Stripe.js needs: its script, its iframes (card fields, 3-D Secure) and its API. */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * Strict Content-Security-Policy: only our own scripts and styles, no inline code, no framing, and
 * Stripe's origins only when Stripe takes the payments.
 * The OpenAPI UI sets its own policy for its pages (see plugins/api-docs.ts).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: SecurityHeadersOptions) => {
  const extra = (sources: string[]) => (opts.stripe ? sources : []);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra(STRIPE_SOURCES.script)],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...extra(STRIPE_SOURCES.connect)],
        // Without it frames fall back to default-src 'self'.
        ...(opts.stripe && { frameSrc: STRIPE_SOURCES.frame }),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
});
