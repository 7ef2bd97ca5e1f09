import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutRequest, MercadoPagoGateway } from '../../payments/mercadopago';
import { mercadoPagoSandbox } from '../../payments/mercadopago-sandbox';
import { seededTestApp, type TestApp } from '../../test/app';

/** A stand-in for the shop's webhook: keeps every notification the sandbox sends, as it arrived. */
async function startReceiver() {
  const received: { url: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(200).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/pagos/mercadopago/webhook`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('the offline Mercado Pago sandbox', () => {
  let t: TestApp;
  let sandbox: MercadoPagoGateway;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    t = await seededTestApp('pglite', { SHOP_CURRENCY: 'MXN', SHOP_NAME: 'Tienda Roja' });
    sandbox = mercadoPagoSandbox(t.db);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const checkout = (saleId: number, expiresAt = new Date(Date.now() + 3_600_000)): CheckoutRequest => ({
    saleId,
    lines: [{ id: '1', title: 'Taza <roja>', quantity: 2, unitCents: 15_050 }],
    shippingCents: 9_900,
    currency: 'MXN',
    returnUrl: `http://localhost:3000/pedido/${saleId}`,
    notificationUrl: receiver.url,
    expiresAt,
  });

  const page = (path: string) => t.app.inject({ method: 'GET', url: path });
  const press = (path: string) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });

  it("sends Checkout Pro's redirect to the shop's page, which shows the lines and the total", async () => {
    const made = await sandbox.createCheckout(checkout(501));
    expect(made.redirectUrl).toBe(`/mercadopago-sandbox/${made.preferenceId}`);
    const shown = await page(made.redirectUrl);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('2 × Taza &#60;roja&#62;: $301.00');
    expect(shown.body).toContain('Envío: $99.00');
    expect(shown.body).toContain('Total: <strong>$400.00</strong>');
    expect(shown.body).toContain('Pagar con tarjeta (aprobado)');
  });

  it('approves: the shopper goes back to the order page and the shop is notified, signed as Mercado Pago signs', async () => {
    const made = await sandbox.createCheckout(checkout(502));
    const before = receiver.received.length;
    const answer = await press(`${made.redirectUrl}/aprobar`);
    expect(answer.statusCode).toBe(303);
    const back = new URL(String(answer.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:3000/pedido/502');
    expect(back.searchParams.get('status')).toBe('approved');
    expect(back.searchParams.get('external_reference')).toBe('venta-502');
    const [payment] = await sandbox.paymentsOf(502);
    expect(payment).toMatchObject({
      status: 'approved',
      standing: 'paid',
      amountCents: 40_000,
      currency: 'MXN',
    });
    expect(back.searchParams.get('payment_id')).toBe(payment?.id);

    const notification = receiver.received[before];
    const url = new URL(notification?.url ?? '', 'http://x');
    expect(url.searchParams.get('data.id')).toBe(payment?.id);
    expect(url.searchParams.get('type')).toBe('payment');
    expect(JSON.parse(notification?.body ?? '{}')).toMatchObject({
      type: 'payment',
      data: { id: payment?.id },
    });
    expect(
      sandbox.verifyNotification({
        signature: notification?.headers['x-signature'],
        requestId: notification?.headers['x-request-id'],
        dataId: url.searchParams.get('data.id') ?? undefined,
      }),
    ).toBe('valid');
    // Once approved, the preference takes no second payment.
    await press(`${made.redirectUrl}/aprobar`);
    expect(await sandbox.paymentsOf(502)).toHaveLength(1);
  });

  it('leaves a cash voucher pending, then the tester pays it and the shop is told again', async () => {
    const made = await sandbox.createCheckout(checkout(503));
    const left = await press(`${made.redirectUrl}/pendiente`);
    expect(left.headers.location).toBe(made.redirectUrl);
    const [voucher] = await sandbox.paymentsOf(503);
    expect(voucher).toMatchObject({ status: 'pending', standing: 'waiting', typeId: 'ticket' });
    const shown = await page(made.redirectUrl);
    expect(shown.body).toContain('Ficha de pago en efectivo generada: paga $400.00');
    const before = receiver.received.length;
    const paid = await press(`${made.redirectUrl}/pagos/${voucher?.id}/acreditar`);
    expect(new URL(String(paid.headers.location)).searchParams.get('status')).toBe('approved');
    expect((await sandbox.payment(String(voucher?.id)))?.standing).toBe('paid');
    expect(receiver.received.length).toBe(before + 1);
  });

  it('rejects, and the shopper may try again on the same page', async () => {
    const made = await sandbox.createCheckout(checkout(504));
    await press(`${made.redirectUrl}/rechazar`);
    expect((await page(made.redirectUrl)).body).toContain(
      'Tu pago fue rechazado. Puedes intentarlo de nuevo.',
    );
    await press(`${made.redirectUrl}/aprobar`);
    expect((await sandbox.paymentsOf(504)).map((p) => p.standing)).toEqual(['paid', 'failed']);
  });

  it('takes no payment after the deadline, and answers 404 for a preference it does not have', async () => {
    const made = await sandbox.createCheckout(checkout(505, new Date(Date.now() - 1_000)));
    await press(`${made.redirectUrl}/aprobar`);
    expect(await sandbox.paymentsOf(505)).toEqual([]);
    expect((await page(made.redirectUrl)).body).toContain('El plazo para pagar esta compra terminó.');
    expect((await page('/mercadopago-sandbox/sandbox-nothing')).statusCode).toBe(404);
    expect((await press('/mercadopago-sandbox/sandbox-nothing/aprobar')).statusCode).toBe(404);
  });

  it('refunds part then the rest, once per key, never more than was paid', async () => {
    const made = await sandbox.createCheckout(checkout(506));
    await press(`${made.redirectUrl}/aprobar`);
    const [payment] = await sandbox.paymentsOf(506);
    const paymentId = String(payment?.id);
    const refund = (amountCents: number | null, idempotencyKey: string) =>
      sandbox.refund({ paymentId, amountCents, currency: 'MXN', idempotencyKey });
    const first = await refund(10_000, 'reembolso-1');
    expect(first.status).toBe('succeeded');
    expect(await refund(10_000, 'reembolso-1')).toEqual(first);
    expect((await refund(40_000, 'reembolso-2')).status).toBe('failed');
    expect((await refund(null, 'reembolso-3')).status).toBe('succeeded');
    expect(await sandbox.payment(paymentId)).toMatchObject({ standing: 'refunded', refundedCents: 40_000 });
    expect((await refund(1, 'reembolso-4')).status).toBe('failed');
  });
});
