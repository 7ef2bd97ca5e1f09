import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeadersOptions {
  /** PAYMENT_PROVIDER=stripe: Stripe.js, its card fields and its 3-D Secure frames are allowed. */
  stripe?: boolean;
  /**
   * SPEC_FRONT_DIST: SPEC's own storefront is the page. It loads Stripe.js, writes inline styles
   * (styled-components, react-slick), takes its font from Google Fonts and shows pictures from other
   * sites (its banner, icons).
   */
  specFront?: boolean;
  /** PUBLIC_URL: Strict-Transport-Security is sent only when the shop is served over https. */
  publicUrl: string;
  /** PUBLIC_ASSETS_URL: /uploads/… redirects there, so the browser loads the images from that origin. */
  assetsUrl?: string | undefined;
}

const ONE_YEAR = 31_536_000;

/** What Stripe.js needs: its script, its iframes (card fields, 3-D Secure) and its API. */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/** Where SPEC's storefront takes its font (Poppins) from. */
const GOOGLE_FONTS = { style: 'https://fonts.googleapis.com', font: 'https://fonts.gstatic.com' };

/**
 * Powerful browser features no page of the shop uses, denied to the page and to every frame in it: a
 * compromised script or a third-party frame cannot ask for the camera, the microphone, the shopper's
 * location or any device. `payment` is decided apart (see permissionsPolicy). Only features the browsers
 * know as policy-controlled: Chromium logs a console warning on every page for an unknown one
 * (ambient-light-sensor, bluetooth and web-share were, and e2e/specs/console.spec.ts would catch the next).
 */
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'clipboard-read',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'gamepad',
  'geolocation',
  'gyroscope',
  'hid',
  'identity-credentials-get',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'otp-credentials',
  'picture-in-picture',
  'publickey-credentials-create',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'storage-access',
  'usb',
  'window-management',
  'xr-spatial-tracking',
];

/**
 * Every feature above denied, and `payment` (the Payment Request API) only where it is used: Stripe.js
 * asks for it from its frames on js.stripe.com for Apple Pay and Google Pay. Without Stripe nothing
 * on the page takes a payment through the browser, so it is denied too.
 */
function permissionsPolicy(stripe: boolean): string {
  const payment = stripe ? 'payment=(self "https://js.stripe.com")' : 'payment=()';
  return [...DENIED_FEATURES.map((feature) => `${feature}=()`), payment].join(', ');
}

/**
 * Strict Content-Security-Policy: only our own scripts and styles, no inline code, no framing, and
 * Stripe's origins only when Stripe takes the payments; a Permissions-Policy that denies every powerful
 * browser feature; HSTS only for a shop served over https.
 * The OpenAPI UI sets its own policy for its pages (see plugins/api-docs.ts).
 */
export const securityHeadersPlugin = fp(async function securityHeadersPlugin(
  app: FastifyInstance,
  opts: SecurityHeadersOptions,
) {
  const page = securityHeaders(opts);
  const api = apiSecurityHeaders(page);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? api : page);
    done();
  });
});

/**
 * The API's answers are data, never a page: a browser that opens one shows it as text, runs nothing and
 * frames nothing. So they carry the headers that guard such an answer (as GitHub's API does): a policy
 * that allows nothing at all, no framing, no sniffing it into a page, no reading it from another site,
 * HSTS and the referrer policy; not the page's source lists nor the Permissions-Policy, which govern only
 * documents and only made every catalog answer larger.
 */
function apiSecurityHeaders(page: Record<string, string>): Record<string, string> {
  const kept = [
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
    'cross-origin-resource-policy',
    'strict-transport-security',
  ];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...Object.fromEntries(kept.filter((name) => name in page).map((name) => [name, page[name] as string])),
  };
}

/** The security headers of every answer, worked out once; also for answers no hook sees (a bad URL). */
export function securityHeaders(opts: SecurityHeadersOptions): Record<string, string> {
  return {
    ...helmetHeaders(helmetOptions(opts)),
    'permissions-policy': permissionsPolicy(Boolean(opts.stripe || opts.specFront)),
  };
}

function helmetOptions(opts: SecurityHeadersOptions): HelmetOptions {
  const stripe = Boolean(opts.stripe || opts.specFront);
  const extra = (sources: string[]) => (stripe ? sources : []);
  const specFront = (sources: string[]) => (opts.specFront ? sources : []);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra(STRIPE_SOURCES.script)],
        styleSrc: ["'self'", ...specFront(["'unsafe-inline'", GOOGLE_FONTS.style])],
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...(opts.assetsUrl ? [new URL(opts.assetsUrl).origin] : []),
          ...specFront(['https:']),
        ],
        fontSrc: ["'self'", ...specFront([GOOGLE_FONTS.font])],
        connectSrc: ["'self'", ...extra(STRIPE_SOURCES.connect)],
        // Without it frames fall back to default-src 'self'.
        ...(stripe && { frameSrc: STRIPE_SOURCES.frame }),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Agrees with frame-ancestors 'none' for browsers that only know the older header.
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Browsers ignore HSTS over plain http, but a shop whose PUBLIC_URL is http can still be reached over
    // https (a local proxy, a tunnel): there the header would pin the host, and its subdomains, to https
    // for a year, breaking every other http site on it (the other development servers on localhost).
    strictTransportSecurity: new URL(opts.publicUrl).protocol === 'https:' && {
      maxAge: ONE_YEAR,
      includeSubDomains: true,
    },
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
      headers[name.toLowerCase()] = value;
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
