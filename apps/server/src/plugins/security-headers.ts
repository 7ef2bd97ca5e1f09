import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

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
  const headers = helmetHeaders(helmetOptions(opts));
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
});

function helmetOptions(opts: SecurityHeadersOptions): HelmetOptions {
  const extra = (sources: string[]) => (opts.stripe ? sources : []);
  return {
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
  };
}

/**
 * The headers helmet sets, worked out once: they are the same for every request, and building them per
 * request (directive parsing, one call per header) was a measurable share of a cached catalog answer.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name] = value;
    },
    removeHeader: () => {},
  };
  helmet(options)(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorder as unknown as Parameters<ReturnType<typeof helmet>>[1],
    (err?: unknown) => {
      if (err) throw err;
    },
  );
  return headers;
}
