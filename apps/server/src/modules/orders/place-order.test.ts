import { randomUUID } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConnectionRetryOptions } from '../../db/connection-retry';
import { cargoSandbox, correo, producto, usuario, venta, ventaEstadoHistorial } from '../../db/schema';
import { AppError } from '../../errors';
import { chargeKey, type PaymentProvider } from '../../payments/provider';
import { confirmSandboxCharge, createSandboxPaymentMethod, sandboxProvider } from '../../payments/sandbox';
import { DEMO_CUSTOMER } from '../../seed/demo-accounts';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { type LostConnections, loseTransactions } from '../../test/lost-connections';
import { TEST_ADDRESS } from '../../test/shipping-address';
import { TEST_SHOP } from '../../test/shop';
import { eventually } from '../../test/smtp';
import type { OrderRow } from './order-summary';
import { placeOrder } from './place-order';
import { type BackgroundSettler, backgroundSettler } from './settle-later';
import { applyChargeResult, settlePendingOrders } from './settle-payment';

const CARD = { numero: '4242424242424242', expiracion: '12/39', cvc: '123', nombre: 'Lucía Hernández' };
/** A checkout whose database stays away gives up after half a second (two or three tries), not the shop's 3 s. */
const STAYS_AWAY: ConnectionRetryOptions = { budgetMs: 500 };

describe.each(TEST_DATABASE_KINDS)('checkout service on %s', (kind) => {
  let t: TestApp;
  let sandbox: PaymentProvider;
  let buyer: number;
  let productId: number;
  let settler: BackgroundSettler;

  beforeAll(async () => {
    t = await seededTestApp(kind);
    sandbox = sandboxProvider(t.db);
    settler = backgroundSettler({ db: t.db, shop: TEST_SHOP }, { firstDelayMs: 50, maxDelayMs: 200 });
    const [u] = await t.db.select().from(usuario).where(eq(usuario.email, DEMO_CUSTOMER.email));
    const [p] = await t.db
      .select()
      .from(producto)
      .where(and(eq(producto.estado, true), gt(producto.stock, 20)))
      .orderBy(producto.id_producto);
    buyer = u?.id_usuario as number;
    productId = p?.id_producto as number;
  });
  afterAll(async () => {
    await settler.stop();
    await t.close();
  });
  afterEach(() => vi.restoreAllMocks());

  const stock = async () =>
    (await t.db.select({ s: producto.stock }).from(producto).where(eq(producto.id_producto, productId)))[0]
      ?.s;
  const sale = async (id: number) => (await t.db.select().from(venta).where(eq(venta.id_venta, id)))[0];
  const card = async (numero = CARD.numero) =>
    (await createSandboxPaymentMethod(t.db, buyer, { ...CARD, numero })).id_pago;
  /** Two units of the product, paid with `idPago`; the sandbox, a new key and the shop's retry unless given. */
  const order = (
    idPago: string,
    {
      provider = sandbox,
      key = randomUUID(),
      connectionRetry,
    }: { provider?: PaymentProvider; key?: string; connectionRetry?: ConnectionRetryOptions } = {},
  ) =>
    placeOrder({
      db: t.db,
      payments: provider,
      shop: TEST_SHOP,
      connectionRetry,
      settleLater: settler.settle,
      buyerId: buyer,
      input: {
        detalle_venta: [{ id_producto: productId, cantidad: 2 }],
        metodo_pago: 'tarjeta',
        metodo_envio: 'domicilio',
        id_pago: idPago,
        direccion_envio: TEST_ADDRESS,
      },
      idempotencyKey: key,
    });

  /** A provider that never answers: the network is down. */
  const unreachable: PaymentProvider = {
    name: 'sandbox',
    charge: () => Promise.reject(new Error('ECONNRESET')),
    lookup: () => Promise.reject(new Error('ECONNRESET')),
    refund: () => Promise.reject(new Error('ECONNRESET')),
  };

  /** Leaves a sale 'pendiente' whose charge never reached the provider; returns its id. */
  async function unchargedSale(key = randomUUID(), idPago?: string) {
    idPago ??= await card();
    const error = await order(idPago, { provider: unreachable, key }).catch((err) => err);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 502, error: 'Bad Gateway' });
    const [row] = await t.db.select().from(venta).where(eq(venta.idempotency_key, key));
    expect(row?.estado).toBe('pendiente');
    return row?.id_venta as number;
  }

  it('leaves the sale pending with its stock when the provider cannot be reached (502)', async () => {
    const before = await stock();
    await unchargedSale();
    expect(await stock()).toBe((before ?? 0) - 2);
  });

  it('charges a 502-pending sale when the same request is retried', async () => {
    const key = randomUUID();
    const idPago = await card();
    const id = await unchargedSale(key, idPago);
    const again = await order(idPago, { key });
    expect(again).toMatchObject({ status: 201, order: { id_venta: id, estado: 'pagada' } });
  });

  it('fails a sale the provider never received, returns its stock, and blocks a late charge', async () => {
    await settlePendingOrders({ db: t.db, payments: sandbox, shop: TEST_SHOP }); // leftovers of earlier tests
    const before = await stock();
    const id = await unchargedSale();
    const summary = await settlePendingOrders({ db: t.db, payments: sandbox, shop: TEST_SHOP });
    expect(summary.failed).toBeGreaterThanOrEqual(1);
    expect(await sale(id)).toMatchObject({ estado: 'fallida', motivo_fallo: 'processing_error' });
    expect(await stock()).toBe(before);
    // The crashed request's charge arriving after the settle must not take the money.
    const late = await sandbox.charge({
      saleId: id,
      amountCents: 100,
      currency: 'USD',
      paymentMethodId: (await sale(id))?.id_pago as string,
      customerId: buyer,
      idempotencyKey: chargeKey(id),
    });
    expect(late.status).toBe('declined');
    expect(await stock()).toBe(before);
  });

  it('reports the first charge of a sale when the charge is repeated, whatever card it names', async () => {
    const result = await order(await card());
    const id = result.order.id_venta;
    const again = await sandbox.charge({
      saleId: id,
      amountCents: 100,
      currency: 'USD',
      paymentMethodId: await card('4000000000000002'),
      customerId: buyer,
      idempotencyKey: chargeKey(id),
    });
    expect(again).toEqual({
      status: 'succeeded',
      reference: (await sale(id))?.pago_referencia,
      brand: 'visa',
      last4: '4242',
    });
    expect(await t.db.select().from(cargoSandbox).where(eq(cargoSandbox.id_venta, id))).toHaveLength(1);
  });

  it('marks paid a sale whose charge went through before the process lost the answer', async () => {
    const lostAnswer: PaymentProvider = {
      ...sandbox,
      charge: async (request) => {
        await sandbox.charge(request);
        throw new Error('socket hang up');
      },
    };
    const idPago = await card();
    const key = randomUUID();
    await expect(order(idPago, { provider: lostAnswer, key })).rejects.toMatchObject({ statusCode: 502 });
    const [row] = await t.db.select().from(venta).where(eq(venta.idempotency_key, key));
    await settlePendingOrders({ db: t.db, payments: sandbox, shop: TEST_SHOP });
    expect(await sale(row?.id_venta as number)).toMatchObject({
      estado: 'pagada',
      pago_marca: 'visa',
      pago_ultimos4: '4242',
    });
    const charges = await t.db
      .select()
      .from(cargoSandbox)
      .where(eq(cargoSandbox.id_venta, row?.id_venta as number));
    expect(charges).toHaveLength(1);
  });

  it('waits for a recent confirmation step and gives up one abandoned for over an hour', async () => {
    const before = await stock();
    const result = await order(await card('4000002500003155'));
    expect(result.status).toBe(202);
    const id = result.order.id_venta;
    await settlePendingOrders({ db: t.db, payments: sandbox, shop: TEST_SHOP });
    expect((await sale(id))?.estado).toBe('pendiente');

    await settlePendingOrders({
      db: t.db,
      payments: sandbox,
      shop: TEST_SHOP,
      now: new Date(Date.now() + 2 * 3_600_000),
    });
    expect(await sale(id)).toMatchObject({ estado: 'fallida', motivo_fallo: 'authentication_failed' });
    expect(await stock()).toBe(before);
    // Approving now is too late: the sandbox already closed the charge.
    const secret = 'clientSecret' in result ? result.clientSecret : '';
    expect(await confirmSandboxCharge(t.db, buyer, secret, true)).toMatchObject({ estado: 'declined' });
  });

  it('leaves recent sales alone when asked for a minimum age', async () => {
    const id = await unchargedSale();
    await settlePendingOrders({ db: t.db, payments: sandbox, shop: TEST_SHOP, minAgeMs: 60_000 });
    expect((await sale(id))?.estado).toBe('pendiente');
    await settlePendingOrders({ db: t.db, payments: sandbox, shop: TEST_SHOP });
    expect((await sale(id))?.estado).toBe('fallida');
  });

  const paidHistory = async (id: number) =>
    t.db
      .select({ estado: ventaEstadoHistorial.estado })
      .from(ventaEstadoHistorial)
      .where(eq(ventaEstadoHistorial.id_venta, id));
  const charges = async (id: number) => t.db.select().from(cargoSandbox).where(eq(cargoSandbox.id_venta, id));

  it.each<[string, LostConnections]>([
    ['at the reservation, before it commits', {}],
    // Sent again, it finds its order by the Idempotency-Key and takes nothing twice (decision 104).
    ['at the reservation, after it committed', { committed: true }],
    ['at the confirming write', { afterCharge: true }],
  ])('places and pays the order in the same request when the connection drops %s', async (_, loss) => {
    const before = await stock();
    const idPago = await card();
    const database = loseTransactions(t.db, { ...loss, failures: 2 });
    const result = await order(idPago);
    expect(result).toMatchObject({ status: 201, order: { estado: 'pagada' } });
    expect(database.failed()).toBe(2);
    const id = result.order.id_venta;
    // One order, its stock taken and charged once, however many times it was sent.
    expect(await stock()).toBe((before ?? 0) - 2);
    expect(await charges(id)).toHaveLength(1);
    expect(await paidHistory(id)).toEqual([{ estado: 'pagada' }]);
  });

  it('says the payment was received when the database stays away, and records it once it is back', async () => {
    const before = await stock();
    const idPago = await card();
    const key = randomUUID();
    const database = loseTransactions(t.db, { afterCharge: true });
    const result = await order(idPago, { key, connectionRetry: STAYS_AWAY });
    expect(database.failed()).toBeGreaterThan(1);
    // Charged but not recorded: no error for the shopper, and nothing for them to retry.
    expect(result).toMatchObject({ status: 202, paymentReceived: true, order: { estado: 'pendiente' } });
    const id = result.order.id_venta;
    expect((await sale(id))?.estado).toBe('pendiente');
    database.back();
    const paid = await eventually(async () => {
      const row = await sale(id);
      return row?.estado === 'pagada' && row;
    }, 5000);
    expect(paid).toMatchObject({ pago_marca: 'visa', pago_ultimos4: '4242' });
    expect(paid.numero_pedido).not.toBeNull();
    // The sweep and the shopper's retry meeting it afterwards change nothing.
    await settlePendingOrders({ db: t.db, payments: sandbox, shop: TEST_SHOP });
    expect(await order(idPago, { key })).toMatchObject({
      status: 201,
      order: { id_venta: id, estado: 'pagada' },
    });
    expect(await stock()).toBe((before ?? 0) - 2);
    expect(await charges(id)).toHaveLength(1);
    expect(await paidHistory(id)).toEqual([{ estado: 'pagada' }]);
    expect((await sale(id))?.numero_pedido).toBe(paid.numero_pedido);
  });

  it('records a payment once when its answer arrives again for a paid sale (a retry, a report, the sweep)', async () => {
    const paid = (await order(await card())).order;
    const row = await sale(paid.id_venta);
    const mails = async () => (await t.db.select({ id: correo.id }).from(correo)).length;
    const mailsBefore = await mails();
    // The answer as the checkout had it, applied to the order as the checkout saw it (still pending).
    const again = await applyChargeResult(
      { db: t.db, shop: TEST_SHOP },
      { ...(row as OrderRow), estado: 'pendiente' },
      { status: 'succeeded', reference: row?.pago_referencia as string, brand: 'visa', last4: '4242' },
    );
    expect(again).toMatchObject({ estado: 'pagada', numero_pedido: row?.numero_pedido });
    expect(await paidHistory(paid.id_venta)).toEqual([{ estado: 'pagada' }]);
    expect(await mails()).toBe(mailsBefore);
    expect(await sale(paid.id_venta)).toEqual(row);
  });

  it('returns the stock of a declined sale in the background when the database stays away', async () => {
    const before = await stock();
    const idPago = await card('4000000000000002');
    const database = loseTransactions(t.db, { afterCharge: true });
    const key = randomUUID();
    // The decline could not be recorded: the shopper is told to try again (a retry answers the 402).
    await expect(order(idPago, { key, connectionRetry: STAYS_AWAY })).rejects.toMatchObject({
      code: '57P01',
    });
    expect(database.failed()).toBeGreaterThan(1);
    const [row] = await t.db.select().from(venta).where(eq(venta.idempotency_key, key));
    expect(row?.estado).toBe('pendiente');
    database.back();
    await eventually(async () => (await sale(row?.id_venta as number))?.estado === 'fallida', 5000);
    expect(await stock()).toBe(before);
    await expect(order(idPago, { key })).rejects.toMatchObject({ statusCode: 402 });
    expect(await stock()).toBe(before);
  });
});
