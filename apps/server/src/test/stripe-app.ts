import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { seededTestApp } from './app';
import type { DatabaseKind } from './databases';
import { startFakeStripe } from './fake-stripe';

/** Test keys in Stripe's formats; the fake only accepts the secret one. */
export const STRIPE_TEST_ENV = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_vitrinaSecretKey0123456789',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_vitrinaPublishableKey0123456789',
  STRIPE_WEBHOOK_SECRET: 'whsec_vitrinaWebhookSecret0123456789',
} as const;

/**
 * seededTestApp (test/app.ts) with PAYMENT_PROVIDER=stripe, its Stripe SDK pointed at a fake Stripe on
 * 127.0.0.1. Same shape as seededTestApp, plus the fake.
 */
export async function stripeTestApp(kind: DatabaseKind, env: Record<string, string> = {}) {
  const fake = await startFakeStripe({ secretKey: STRIPE_TEST_ENV.STRIPE_SECRET_KEY });
  const t = await seededTestApp(kind, { ...STRIPE_TEST_ENV, ...env }, { stripeApi: fake.api });
  return {
    ...t,
    fake,
    async close() {
      await t.close();
      await fake.close();
    },
  };
}
export type StripeTestApp = Awaited<ReturnType<typeof stripeTestApp>>;

/**
 * POST /api/pagos/webhook as Stripe sends an event: the JSON body signed with the test webhook secret, or
 * with the `signature` given (a test of what the shop refuses).
 */
export function sendStripeWebhook(app: FastifyInstance, payload: string, signature?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/pagos/webhook',
    payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature':
        signature ??
        Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET }),
    },
  });
}
