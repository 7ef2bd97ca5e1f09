import type { FastifyInstance } from 'fastify';
import { mercadoPagoGateway } from '../payments/mercadopago';
import { Agent } from './agent';
import { seededTestApp } from './app';
import type { DatabaseKind } from './databases';
import { type FakeNotification, startFakeMercadoPago } from './fake-mercadopago';

/** Credentials in Mercado Pago's formats; the fake only accepts this token. */
export const MERCADOPAGO_TEST_ENV = {
  MERCADOPAGO_ACCESS_TOKEN: 'TEST-6295877106812064-112718-0123456789abcdef0123456789abcdef-202809963',
  MERCADOPAGO_WEBHOOK_SECRET: 'mp-webhook-secret-0123456789abcdef',
} as const;

/**
 * seededTestApp (test/app.ts) with Mercado Pago enabled at checkout and its SDK pointed at a fake Mercado
 * Pago on 127.0.0.1 (MERCADOPAGO_API_URL), without retries. The reconciliation loop does not run on its
 * own unless `reconcileEveryMs` says: tests call a round when they mean to.
 */
export async function mercadoPagoTestApp(
  kind: DatabaseKind,
  { env = {}, reconcileEveryMs }: { env?: Record<string, string>; reconcileEveryMs?: number } = {},
) {
  const fake = await startFakeMercadoPago({
    accessToken: MERCADOPAGO_TEST_ENV.MERCADOPAGO_ACCESS_TOKEN,
    webhookSecret: MERCADOPAGO_TEST_ENV.MERCADOPAGO_WEBHOOK_SECRET,
  });
  const fullEnv = { ...MERCADOPAGO_TEST_ENV, MERCADOPAGO_API_URL: fake.url, SHOP_CURRENCY: 'MXN', ...env };
  const mercadoPago = await mercadoPagoGateway(
    {
      accessToken: MERCADOPAGO_TEST_ENV.MERCADOPAGO_ACCESS_TOKEN,
      webhookSecret: MERCADOPAGO_TEST_ENV.MERCADOPAGO_WEBHOOK_SECRET,
      apiUrl: fake.url,
    },
    { maxRetries: 0 },
  );
  const t = await seededTestApp(kind, fullEnv, {
    mercadoPago,
    mercadoPagoReconciliation: { intervalMs: reconcileEveryMs ?? 24 * 3_600_000 },
  });
  const admin = new Agent(t.app);
  await admin.signIn(t.config.admin.email, t.config.admin.password);
  const settings = await admin.put('/api/ajustes/pagos', {
    metodos: [
      { id: 'tarjeta', activo: true, descripcion: '', instrucciones: '', reserva_minutos: null },
      { id: 'mercadopago', activo: true, descripcion: '', instrucciones: '', reserva_minutos: 60 },
      { id: 'transferencia', activo: false, descripcion: '', instrucciones: '', reserva_minutos: 60 },
      { id: 'contra_entrega', activo: false, descripcion: '', instrucciones: '', reserva_minutos: 60 },
    ],
  });
  if (settings.statusCode !== 200) throw new Error(`enabling Mercado Pago failed: ${settings.body}`);
  return {
    ...t,
    fake,
    mercadoPago,
    admin,
    async close() {
      await t.close();
      await fake.close();
    },
  };
}
export type MercadoPagoTestApp = Awaited<ReturnType<typeof mercadoPagoTestApp>>;

/** POST the notification the fake built to the shop, as Mercado Pago's servers send it. */
export function sendMercadoPagoNotification(app: FastifyInstance, notification: FakeNotification) {
  const url = new URL(notification.url);
  return app.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: notification.headers,
    payload: notification.payload,
  });
}
