import { randomUUID } from 'node:crypto';
import { centsToDecimal, dayInTimeZone, GUEST_MESSAGES, paidCents, toCents } from '@vitrina/shared';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ajustes, cargoSandbox, detalleVenta, producto, usuario, variante, venta } from '../../db/schema';
import { DEMO_CUSTOMER } from '../../seed/demo-accounts';
import { Agent, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { loseTransactions } from '../../test/lost-connections';
import { stockedProducts } from '../../test/products';
import { TEST_ADDRESS } from '../../test/shipping-address';
import { eventually } from '../../test/smtp';

const CARD = { numero: '4242 4242 4242 4242', expiracion: '12/39', cvc: '3141', nombre: 'Lucía Hernández' };
const DECLINED = '4000000000000002';
const NO_FUNDS = '4000000000009995';
const NEEDS_ACTION = '4000002500003155';
const PAYMENT_RECEIVED =
  'Recibimos tu pago. Estamos registrando tu pedido: aparecerá en tu historial de compras en unos momentos.';

type ProductRow = typeof producto.$inferSelect;

let counter = 0;

describe.each(TEST_DATABASE_KINDS)('checkout API on %s', (kind) => {
  let t: TestApp;
  /** An active product with a discount and plenty of stock, one without discount, one inactive. */
  let discounted: ProductRow;
  let regular: ProductRow;
  let inactive: ProductRow;

  beforeAll(async () => {
    // A checkout whose database stays away answers after half a second of retries, not the shop's 3 s.
    t = await seededTestApp(kind, { CONNECTION_RETRY_MS: '500' });
    const active = await stockedProducts(t.db);
    discounted = active.find((p) => p.valor_descuento !== null) as ProductRow;
    regular = active.find((p) => p.valor_descuento === null) as ProductRow;
    [inactive] = (await t.db.select().from(producto).where(eq(producto.estado, false))) as [ProductRow];
    expect(discounted && regular && inactive).toBeTruthy();
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  /** A new customer account, signed in, with a sandbox card. */
  async function customer(numero = CARD.numero) {
    const { agent: a, user } = await newCustomer(t.app, `comprador${++counter}@example.com`);
    const idPago = await paymentMethod(a, numero);
    return { a, user, idPago };
  }

  async function paymentMethod(a: Agent, numero: string): Promise<string> {
    const res = await a.post('/api/pagos/sandbox/metodos', { ...CARD, numero });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id_pago;
  }

  /** POST /api/venta; an object body gets the test shipping address unless it brings its own. */
  const buy = (a: Agent, body: unknown, key: string | null = randomUUID()) =>
    a.request(
      'POST',
      '/api/venta',
      body !== null && typeof body === 'object' && !Array.isArray(body) && !('direccion_envio' in body)
        ? { ...body, direccion_envio: TEST_ADDRESS }
        : body,
      key === null ? {} : { 'idempotency-key': key },
    );

  const stockOf = async (id: number) =>
    (await t.db.select({ s: producto.stock }).from(producto).where(eq(producto.id_producto, id)))[0]?.s;

  /** What a refused checkout must leave untouched. */
  async function snapshot() {
    const [[sales], [lines], [charges], stocks] = await Promise.all([
      t.db.select({ n: count() }).from(venta),
      t.db.select({ n: count() }).from(detalleVenta),
      t.db.select({ n: count() }).from(cargoSandbox),
      t.db
        .select({ id: producto.id_producto, stock: producto.stock })
        .from(producto)
        .orderBy(producto.id_producto),
    ]);
    return { sales: sales?.n, lines: lines?.n, charges: charges?.n, stocks };
  }

  const saleRow = async (id: number) => (await t.db.select().from(venta).where(eq(venta.id_venta, id)))[0];

  describe('POST /api/pagos/sandbox/metodos', () => {
    it('keeps only the brand and last four digits of the card', async () => {
      const a = new Agent(t.app);
      await a.signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      const res = await a.post('/api/pagos/sandbox/metodos', CARD);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        id_pago: expect.stringMatching(/^pm_sandbox_/),
        marca: 'visa',
        ultimos4: '4242',
      });
    });

    it.each([
      ['numero', { numero: '4242 4242 4242 4241' }, 'El número de tarjeta no es válido'],
      ['expiracion', { expiracion: '01/20' }, 'La tarjeta está vencida'],
      ['expiracion', { expiracion: '2039-12' }, 'Usa el formato MM/AA'],
      ['cvc', { cvc: '12' }, 'El CVC tiene 3 o 4 dígitos'],
    ])('refuses a bad %s with its Spanish message', async (field, change, message) => {
      const a = new Agent(t.app);
      await a.signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      const res = await a.post('/api/pagos/sandbox/metodos', { ...CARD, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    });

    it("is for shoppers, a visitor buying as a guest too (decision 085), never the shop's accounts", async () => {
      expect((await new Agent(t.app).post('/api/pagos/sandbox/metodos', CARD)).statusCode).toBe(201);
      const admin = new Agent(t.app);
      await admin.signIn(t.config.admin.email, t.config.admin.password);
      expect((await admin.post('/api/pagos/sandbox/metodos', CARD)).statusCode).toBe(403);
    });
  });

  describe('POST /api/venta', () => {
    it('charges the database prices, takes the stock and keeps no card number or CVC anywhere', async () => {
      const { a, user, idPago } = await customer();
      const before = { d: await stockOf(discounted.id_producto), r: await stockOf(regular.id_producto) };
      const total = paidCents(discounted) * 2 + paidCents(regular) * 3;
      const res = await buy(a, {
        detalle_venta: [
          { id_producto: discounted.id_producto, cantidad: 2 },
          { id_producto: regular.id_producto, cantidad: 3 },
        ],
        id_pago: idPago,
        valor_total_venta: total,
      });
      expect(res.statusCode, res.body).toBe(201);
      const sale = res.json();
      expect(sale).toMatchObject({
        estado: 'pagada',
        valor_total_venta: total / 100,
        id_usuario: user.id_usuario,
        id_pago: idPago,
        pago_marca: 'visa',
        pago_ultimos4: '4242',
      });
      expect(sale.detalle_venta).toHaveLength(2);
      const line = sale.detalle_venta.find(
        (l: { id_producto: number }) => l.id_producto === discounted.id_producto,
      );
      expect(line).toMatchObject({
        cantidad: 2,
        valor_unitario: paidCents(discounted) / 100,
        valor_total_cantidad: (paidCents(discounted) * 2) / 100,
        comentado: false,
        Producto: {
          id_producto: discounted.id_producto,
          nombre: discounted.nombre,
          imagen: discounted.imagen,
        },
      });
      // The discounted price, not the list price.
      expect(paidCents(discounted)).toBeLessThan(toCents(discounted.valor));
      expect(await stockOf(discounted.id_producto)).toBe((before.d ?? 0) - 2);
      expect(await stockOf(regular.id_producto)).toBe((before.r ?? 0) - 3);
      expect(await saleRow(sale.id_venta)).toMatchObject({
        valor_total_venta: centsToDecimal(total),
        pago_referencia: expect.stringMatching(/^ch_sandbox_/),
      });

      // Both drivers answer raw SQL with { rows }.
      const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
      const tables = rowsOf<{ tablename: string }>(
        await t.db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`),
      );
      for (const { tablename } of tables) {
        const rows = rowsOf<{ r: string }>(
          await t.db.execute(sql`SELECT row_to_json(x)::text AS r FROM ${sql.identifier(tablename)} x`),
        );
        const text = rows.map((r) => r.r).join('\n');
        expect(text, tablename).not.toContain('4242424242424242');
        expect(text, tablename).not.toContain('4242 4242 4242 4242');
        expect(text, tablename).not.toMatch(/:"?3141"?[,}]/);
      }
      const logs = JSON.stringify(t.logs);
      expect(logs).not.toContain('4242424242424242');
      expect(logs).not.toContain('4242 4242 4242 4242');
      // Field names appear in validation logs ("cvc": "El CVC tiene…"), never their values.
      expect(logs).not.toMatch(/"3141"|"(cvc|numero)":"\d/);
    });

    it('ignores prices, totals and user ids sent by the client', async () => {
      const { a, user, idPago } = await customer();
      const other = await t.db
        .select({ id: usuario.id_usuario })
        .from(usuario)
        .where(eq(usuario.admin, true));
      const res = await buy(a, {
        detalle_venta: [{ id_producto: regular.id_producto, cantidad: 1, valor: 0.01, valor_unitario: 0.01 }],
        id_pago: idPago,
        id_usuario: other[0]?.id,
        fecha: '2000-01-01',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        id_usuario: user.id_usuario,
        valor_total_venta: paidCents(regular) / 100,
      });
      expect(res.json().fecha).not.toMatch(/^2000/);
    });

    it('refuses a total that no longer matches the prices and changes nothing', async () => {
      const { a, idPago } = await customer();
      const before = await snapshot();
      const res = await buy(a, {
        detalle_venta: [{ id_producto: regular.id_producto, cantidad: 1 }],
        id_pago: idPago,
        valor_total_venta: paidCents(regular) - 1,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: 'Conflict',
        message: 'Los precios de tu carrito cambiaron. Revisa el total antes de pagar.',
      });
      expect(await snapshot()).toEqual(before);
    });

    it('says only the shipping changed when the products still cost what the shopper saw', async () => {
      const { a, idPago } = await customer();
      const [settings] = await t.db.select().from(ajustes);
      const setShipping = (envio_tarifa: string) =>
        t.db
          .insert(ajustes)
          .values({ id: 1, envio_tarifa, envio_gratis_desde: null })
          .onConflictDoUpdate({ target: ajustes.id, set: { envio_tarifa, envio_gratis_desde: null } });
      const body = (shippingSeen: number, priceSeen = paidCents(regular)) => ({
        detalle_venta: [{ id_producto: regular.id_producto, cantidad: 1 }],
        id_pago: idPago,
        valor_total_venta: priceSeen + shippingSeen,
        costo_envio: shippingSeen,
      });
      try {
        await setShipping('80');
        const before = await snapshot();
        const raised = await buy(a, body(5000));
        expect(raised.statusCode).toBe(409);
        expect(raised.json().message).toBe(
          'El costo de envío cambió: ahora es $80.00. Revisa el total antes de pagar.',
        );
        await setShipping('0');
        expect((await buy(a, body(5000))).json().message).toBe(
          'El envío ahora es gratis. Revisa el total antes de pagar.',
        );
        // A product's price changed too: that is what the shopper must hear about.
        expect((await buy(a, body(5000, paidCents(regular) - 1))).json().message).toBe(
          'Los precios de tu carrito cambiaron. Revisa el total antes de pagar.',
        );
        expect(await snapshot()).toEqual(before);
      } finally {
        if (settings) {
          await t.db
            .update(ajustes)
            .set({ envio_tarifa: settings.envio_tarifa, envio_gratis_desde: settings.envio_gratis_desde });
        } else await t.db.delete(ajustes);
      }
    });

    it.each([
      ['quantity 0', (id: number) => [{ id_producto: id, cantidad: 0 }], 400, 'La cantidad mínima es 1'],
      [
        'a negative quantity',
        (id: number) => [{ id_producto: id, cantidad: -2 }],
        400,
        'La cantidad mínima es 1',
      ],
      [
        'a fractional quantity',
        (id: number) => [{ id_producto: id, cantidad: 1.5 }],
        400,
        'La cantidad debe ser un número entero',
      ],
      [
        '26 units of one product',
        (id: number) => [{ id_producto: id, cantidad: 26 }],
        400,
        'Solo 25 unidades por compra',
      ],
      [
        'more than 50 units in total',
        (id: number, id2: number) => [
          { id_producto: id, cantidad: 25 },
          { id_producto: id2, cantidad: 25 },
          { id_producto: 999_998, cantidad: 1 },
        ],
        400,
        'Solo puedes llevar 50 productos por compra',
      ],
      [
        'the same product twice',
        (id: number) => [
          { id_producto: id, cantidad: 1 },
          { id_producto: id, cantidad: 1 },
        ],
        400,
        'Un producto aparece dos veces en el carrito',
      ],
      ['an empty cart', () => [], 400, 'El carrito está vacío'],
    ])('refuses %s and changes nothing', async (_name, lines, status, message) => {
      const { a, idPago } = await customer();
      const before = await snapshot();
      const res = await buy(a, {
        detalle_venta: lines(regular.id_producto, discounted.id_producto),
        id_pago: idPago,
      });
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a product named twice, once by its only variant, and changes nothing', async () => {
      const { a, idPago } = await customer();
      const [only] = await t.db
        .select({ id: variante.id_variante })
        .from(variante)
        .where(eq(variante.id_producto, regular.id_producto));
      // Without it the second line would repeat the first exactly, which the request's schema refuses.
      if (!only) throw new Error('the product has no variant');
      const before = await snapshot();
      const res = await buy(a, {
        detalle_venta: [
          { id_producto: regular.id_producto, cantidad: 1 },
          { id_producto: regular.id_producto, id_variante: only.id, cantidad: 1 },
        ],
        id_pago: idPago,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Un producto aparece dos veces en el carrito');
      expect(await snapshot()).toEqual(before);
    });

    it('refuses more units than the stock, naming the product, and changes nothing', async () => {
      const { a, idPago } = await customer();
      await t.db.update(producto).set({ stock: 3 }).where(eq(producto.id_producto, regular.id_producto));
      try {
        const before = await snapshot();
        const res = await buy(a, {
          // The first line could be taken; the second cannot, so neither is.
          detalle_venta: [
            { id_producto: discounted.id_producto, cantidad: 1 },
            { id_producto: regular.id_producto, cantidad: 4 },
          ],
          id_pago: idPago,
        });
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(`No hay suficientes unidades de ${regular.nombre}. Quedan 3.`);
        expect(await snapshot()).toEqual(before);
      } finally {
        await t.db.update(producto).set({ stock: 100 }).where(eq(producto.id_producto, regular.id_producto));
      }
    });

    it('answers 404 for an unknown product and 409 for an inactive one, changing nothing', async () => {
      const { a, idPago } = await customer();
      const before = await snapshot();
      const unknown = await buy(a, {
        detalle_venta: [{ id_producto: 999_999, cantidad: 1 }],
        id_pago: idPago,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('El producto no existe o no está disponible.');
      const hidden = await buy(a, {
        detalle_venta: [{ id_producto: inactive.id_producto, cantidad: 1 }],
        id_pago: idPago,
      });
      expect(hidden.statusCode).toBe(409);
      expect(hidden.json().message).toContain(inactive.nombre);
      expect(await snapshot()).toEqual(before);
    });

    it.each([
      [DECLINED, 'Tarjeta rechazada. Prueba con otra tarjeta.', 'card_declined'],
      [NO_FUNDS, 'Fondos insuficientes. Prueba con otra tarjeta.', 'insufficient_funds'],
    ])(
      'a declined card %s answers 402, fails the sale and gives the stock back',
      async (numero, message, code) => {
        const { a, idPago } = await customer(numero);
        const stock = await stockOf(discounted.id_producto);
        const res = await buy(a, {
          detalle_venta: [{ id_producto: discounted.id_producto, cantidad: 2 }],
          id_pago: idPago,
        });
        expect(res.statusCode).toBe(402);
        expect(res.json()).toEqual({ error: 'Payment Required', message });
        const [sale] = await t.db.select().from(venta).where(eq(venta.id_pago, idPago));
        expect(sale).toMatchObject({ estado: 'fallida', motivo_fallo: code });
        expect(await stockOf(discounted.id_producto)).toBe(stock);
      },
    );

    it('refuses a payment method of another account', async () => {
      const { idPago } = await customer();
      const { a } = await customer();
      const res = await buy(a, {
        detalle_venta: [{ id_producto: regular.id_producto, cantidad: 1 }],
        id_pago: idPago,
      });
      expect(res.statusCode).toBe(402);
    });

    it('returns the first result for a repeated Idempotency-Key: one sale, one charge', async () => {
      const { a, user, idPago } = await customer();
      const stock = await stockOf(regular.id_producto);
      const key = randomUUID();
      const body = { detalle_venta: [{ id_producto: regular.id_producto, cantidad: 2 }], id_pago: idPago };
      const first = await buy(a, body, key);
      const again = await buy(a, body, key);
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      const sales = await t.db.select().from(venta).where(eq(venta.id_usuario, user.id_usuario));
      expect(sales).toHaveLength(1);
      const charges = await t.db
        .select()
        .from(cargoSandbox)
        .where(eq(cargoSandbox.id_venta, first.json().id_venta));
      expect(charges).toHaveLength(1);
      expect(await stockOf(regular.id_producto)).toBe((stock ?? 0) - 2);
    });

    it('answers a new sale exactly as the sales history shows it', async () => {
      const { a, idPago } = await customer();
      const res = await buy(a, {
        detalle_venta: [
          { id_producto: regular.id_producto, cantidad: 1 },
          { id_producto: discounted.id_producto, cantidad: 2 },
        ],
        id_pago: idPago,
      });
      expect(res.statusCode, res.body).toBe(201);
      const history = (await a.get('/api/venta')).json();
      expect(history.items).toEqual([res.json()]);
    });

    it('returns the sale, not a 409, when the request is retried after the last unit was sold', async () => {
      const { a, idPago } = await customer();
      await t.db.update(producto).set({ stock: 2 }).where(eq(producto.id_producto, regular.id_producto));
      try {
        const key = randomUUID();
        const body = { detalle_venta: [{ id_producto: regular.id_producto, cantidad: 2 }], id_pago: idPago };
        const first = await buy(a, body, key);
        expect(first.statusCode, first.body).toBe(201);
        expect(await stockOf(regular.id_producto)).toBe(0);
        const again = await buy(a, body, key);
        expect(again.statusCode, again.body).toBe(201);
        expect(again.json()).toEqual(first.json());
        expect(await stockOf(regular.id_producto)).toBe(0);
      } finally {
        await t.db.update(producto).set({ stock: 100 }).where(eq(producto.id_producto, regular.id_producto));
      }
    });

    it('makes one sale when the same key arrives twice at once', async () => {
      const { a, user, idPago } = await customer();
      const key = randomUUID();
      const body = { detalle_venta: [{ id_producto: regular.id_producto, cantidad: 1 }], id_pago: idPago };
      const answers = await Promise.all([buy(a, body, key), buy(a, body, key)]);
      expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
      expect(answers[0]?.json().id_venta).toBe(answers[1]?.json().id_venta);
      expect(await t.db.select().from(venta).where(eq(venta.id_usuario, user.id_usuario))).toHaveLength(1);
    });

    it('replays a decline with the same 402 for a repeated key', async () => {
      const { a, idPago } = await customer(DECLINED);
      const key = randomUUID();
      const body = { detalle_venta: [{ id_producto: regular.id_producto, cantidad: 1 }], id_pago: idPago };
      const first = await buy(a, body, key);
      const again = await buy(a, body, key);
      expect(first.statusCode).toBe(402);
      expect(again.statusCode).toBe(402);
      expect(again.json()).toEqual(first.json());
    });

    const KEY_REUSED = {
      error: 'Unprocessable Entity',
      message:
        'Esta clave de idempotencia ya se usó con otra compra. Recarga la página e inténtalo de nuevo.',
    };

    it('refuses a repeated Idempotency-Key with another purchase (422), taking and charging nothing', async () => {
      const { a, user, idPago } = await customer();
      const otherMethod = await paymentMethod(a, CARD.numero);
      const key = randomUUID();
      const lines = [
        { id_producto: regular.id_producto, cantidad: 2 },
        { id_producto: discounted.id_producto, cantidad: 1 },
      ];
      const total = paidCents(regular) * 2 + paidCents(discounted);
      const body = { detalle_venta: lines, id_pago: idPago, valor_total_venta: total };
      const first = await buy(a, body, key);
      expect(first.statusCode, first.body).toBe(201);

      const before = await snapshot();
      for (const [change, other] of [
        ['another quantity', { ...body, detalle_venta: [{ ...lines[0], cantidad: 3 }, lines[1]] }],
        ['a line less', { ...body, detalle_venta: [lines[0]], valor_total_venta: paidCents(regular) * 2 }],
        [
          'another product',
          { ...body, detalle_venta: [lines[0], { id_producto: inactive.id_producto, cantidad: 1 }] },
        ],
        ['another payment method', { ...body, id_pago: otherMethod }],
        ['another total', { ...body, valor_total_venta: total + 1 }],
        ['no total', { detalle_venta: lines, id_pago: idPago }],
      ] as const) {
        const res = await buy(a, other, key);
        expect(res.statusCode, `${change}: ${res.body}`).toBe(422);
        expect(res.json(), change).toEqual(KEY_REUSED);
      }
      expect(await snapshot()).toEqual(before);

      // The same purchase, its lines in another order: the first sale, still once.
      const again = await buy(a, { ...body, detalle_venta: [...lines].reverse() }, key);
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(await t.db.select().from(venta).where(eq(venta.id_usuario, user.id_usuario))).toHaveLength(1);
    });

    it('refuses a repeated key with another purchase even when the first one was declined', async () => {
      const { a, idPago } = await customer(DECLINED);
      const key = randomUUID();
      const body = { detalle_venta: [{ id_producto: regular.id_producto, cantidad: 1 }], id_pago: idPago };
      expect((await buy(a, body, key)).statusCode).toBe(402);
      const before = await snapshot();
      const res = await buy(
        a,
        { ...body, detalle_venta: [{ id_producto: regular.id_producto, cantidad: 2 }] },
        key,
      );
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(KEY_REUSED);
      expect(await snapshot()).toEqual(before);
    });

    it('makes one sale and refuses the other when one key brings two purchases at once', async () => {
      const { a, user, idPago } = await customer();
      const key = randomUUID();
      const purchase = (cantidad: number) => ({
        detalle_venta: [{ id_producto: regular.id_producto, cantidad }],
        id_pago: idPago,
      });
      const answers = await Promise.all([buy(a, purchase(1), key), buy(a, purchase(2), key)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422]);
      const sales = await t.db.select().from(venta).where(eq(venta.id_usuario, user.id_usuario));
      expect(sales).toHaveLength(1);
      const winner = answers.find((r) => r.statusCode === 201)?.json();
      expect(sales[0]?.id_venta).toBe(winner.id_venta);
    });

    it('answers a sale recorded before request fingerprints with that sale, as before', async () => {
      const { a, idPago } = await customer();
      const key = randomUUID();
      const body = { detalle_venta: [{ id_producto: regular.id_producto, cantidad: 1 }], id_pago: idPago };
      const first = await buy(a, body, key);
      expect(first.statusCode).toBe(201);
      await t.db
        .update(venta)
        .set({ idempotency_fingerprint: null })
        .where(eq(venta.id_venta, first.json().id_venta));
      const again = await buy(
        a,
        { ...body, detalle_venta: [{ id_producto: regular.id_producto, cantidad: 2 }] },
        key,
      );
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
    });

    it('answers a retry after the shipping rate changed with the first sale, charged once at its total', async () => {
      const { a, user, idPago } = await customer();
      const lines = [{ id_producto: regular.id_producto, cantidad: 1 }];
      const [settings] = await t.db.select().from(ajustes);
      const setShipping = (envio_tarifa: string, envio_gratis_desde: string | null) =>
        t.db
          .insert(ajustes)
          .values({ id: 1, envio_tarifa, envio_gratis_desde })
          .onConflictDoUpdate({ target: ajustes.id, set: { envio_tarifa, envio_gratis_desde } });
      try {
        // One purchase that names the total the shopper saw, one that leaves it to the server.
        const purchases = [
          { detalle_venta: lines, id_pago: idPago, valor_total_venta: paidCents(regular) + 5000 },
          { detalle_venta: lines, id_pago: idPago },
        ];
        const firsts = [];
        for (const body of purchases) {
          await setShipping('50', null);
          const key = randomUUID();
          const first = await buy(a, body, key);
          expect(first.statusCode, first.body).toBe(201);
          expect(first.json()).toMatchObject({ costo_envio: 50 });
          // The owner changes the rate before the shopper's retry (after a lost answer) arrives.
          await setShipping('80', null);
          const before = await snapshot();
          const again = await buy(a, body, key);
          expect(again.statusCode, again.body).toBe(201);
          expect(again.json()).toEqual(first.json());
          // Another cart under the key is still refused, whatever the shipping.
          const other = await buy(a, { ...body, detalle_venta: [{ ...lines[0], cantidad: 2 }] }, key);
          expect(other.statusCode).toBe(422);
          expect(other.json()).toEqual(KEY_REUSED);
          expect(await snapshot()).toEqual(before);
          firsts.push(first.json());
        }
        const sales = await t.db.select().from(venta).where(eq(venta.id_usuario, user.id_usuario));
        expect(sales.map((s) => toCents(s.costo_envio))).toEqual([5000, 5000]);
        // Each sale charged once, the total it was placed with.
        for (const sale of firsts) {
          const charges = await t.db
            .select()
            .from(cargoSandbox)
            .where(eq(cargoSandbox.id_venta, sale.id_venta));
          expect(charges.map((c) => c.monto_centavos)).toEqual([toCents(sale.valor_total_venta)]);
        }
      } finally {
        if (settings) await setShipping(settings.envio_tarifa, settings.envio_gratis_desde);
        else await t.db.delete(ajustes);
      }
    });

    it.each([
      ['missing', null],
      ['too short', 'abc'],
    ])('requires an Idempotency-Key (%s)', async (_name, key) => {
      const { a, idPago } = await customer();
      const before = await snapshot();
      const res = await buy(
        a,
        { detalle_venta: [{ id_producto: regular.id_producto, cantidad: 1 }], id_pago: idPago },
        key,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/clave de idempotencia/);
      expect(await snapshot()).toEqual(before);
    });

    it('says the payment was received when the database cannot record it, and the sale is paid moments later', async () => {
      const { a, idPago } = await customer();
      const stock = await stockOf(regular.id_producto);
      const database = loseTransactions(t.db, { afterCharge: true });
      const res = await buy(a, {
        detalle_venta: [{ id_producto: regular.id_producto, cantidad: 1 }],
        id_pago: idPago,
      });
      database.back();
      expect(res.statusCode, res.body).toBe(202);
      expect(database.failed()).toBeGreaterThan(1);
      const sale = res.json();
      expect(sale).toMatchObject({ estado: 'pendiente', pago_recibido: { message: PAYMENT_RECEIVED } });
      expect(sale).not.toHaveProperty('requiere_accion');
      await eventually(async () => (await saleRow(sale.id_venta))?.estado === 'pagada', 5000);
      expect(await stockOf(regular.id_producto)).toBe((stock ?? 0) - 1);
      const history = (await a.get('/api/venta')).json().items as Array<{ id_venta: number }>;
      expect(history.map((s) => s.id_venta)).toContain(sale.id_venta);
    });

    it("answers a visitor without guest checkout 401 (SPEC's message), one without an e-mail and name 400, and an admin 403", async () => {
      const body = { detalle_venta: [{ id_producto: regular.id_producto, cantidad: 1 }], id_pago: 'pm_x' };
      const admin = new Agent(t.app);
      await admin.signIn(t.config.admin.email, t.config.admin.password);
      const missing = await buy(new Agent(t.app), body);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(GUEST_MESSAGES.missingGuest);
      expect((await admin.put('/api/ajustes/invitados', { compra_invitado: false })).statusCode).toBe(200);
      try {
        const refused = await buy(new Agent(t.app), body);
        expect(refused.statusCode).toBe(401);
        expect(refused.json().message).toBe('Debe de iniciar sesion para comprar');
      } finally {
        await admin.put('/api/ajustes/invitados', { compra_invitado: true });
      }
      const res = await buy(admin, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Los administradores no pueden comprar.');
    });
  });

  describe('a card that needs an extra confirmation step', () => {
    async function pendingSale() {
      const c = await customer(NEEDS_ACTION);
      const stock = await stockOf(discounted.id_producto);
      const res = await buy(c.a, {
        detalle_venta: [{ id_producto: discounted.id_producto, cantidad: 1 }],
        id_pago: c.idPago,
      });
      expect(res.statusCode, res.body).toBe(202);
      const sale = res.json();
      expect(sale).toMatchObject({
        estado: 'pendiente',
        requiere_accion: { client_secret: expect.any(String) },
      });
      expect(await stockOf(discounted.id_producto)).toBe((stock ?? 0) - 1);
      return { ...c, sale, stock };
    }

    it('answers 202, and the sale is paid once the shopper approves', async () => {
      const { a, sale } = await pendingSale();
      const confirm = await a.post('/api/pagos/sandbox/confirmar', {
        client_secret: sale.requiere_accion.client_secret,
        aprobar: true,
      });
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json()).toEqual({ id_venta: sale.id_venta, estado: 'succeeded' });
      const res = await a.post(`/api/venta/${sale.id_venta}/confirmar`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id_venta: sale.id_venta, estado: 'pagada', pago_ultimos4: '3155' });
    });

    it('fails the sale and gives the stock back when the shopper rejects', async () => {
      const { a, sale, stock } = await pendingSale();
      await a.post('/api/pagos/sandbox/confirmar', {
        client_secret: sale.requiere_accion.client_secret,
        aprobar: false,
      });
      const res = await a.post(`/api/venta/${sale.id_venta}/confirmar`);
      expect(res.statusCode).toBe(402);
      expect(res.json().message).toBe('No se confirmó el pago.');
      expect((await saleRow(sale.id_venta))?.estado).toBe('fallida');
      expect(await stockOf(discounted.id_producto)).toBe(stock);
    });

    it('keeps answering 202 until the shopper answers', async () => {
      const { a, sale } = await pendingSale();
      const res = await a.post(`/api/venta/${sale.id_venta}/confirmar`);
      expect(res.statusCode).toBe(202);
      expect(res.json().requiere_accion.client_secret).toBe(sale.requiere_accion.client_secret);
    });

    it('says the payment was received when the approval cannot be recorded, and pays the sale moments later', async () => {
      const { a, sale } = await pendingSale();
      await a.post('/api/pagos/sandbox/confirmar', {
        client_secret: sale.requiere_accion.client_secret,
        aprobar: true,
      });
      const database = loseTransactions(t.db);
      const res = await a.post(`/api/venta/${sale.id_venta}/confirmar`);
      database.back();
      expect(res.statusCode, res.body).toBe(202);
      expect(database.failed()).toBeGreaterThan(1);
      expect(res.json()).toMatchObject({
        id_venta: sale.id_venta,
        estado: 'pendiente',
        pago_recibido: { message: PAYMENT_RECEIVED },
      });
      await eventually(async () => (await saleRow(sale.id_venta))?.estado === 'pagada', 5000);
      const again = await a.post(`/api/venta/${sale.id_venta}/confirmar`);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ estado: 'pagada', pago_ultimos4: '3155' });
    });

    it('lets nobody else confirm the charge or the sale', async () => {
      const { sale } = await pendingSale();
      const { a: other } = await customer();
      const secret = sale.requiere_accion.client_secret;
      expect(
        (await other.post('/api/pagos/sandbox/confirmar', { client_secret: secret, aprobar: true }))
          .statusCode,
      ).toBe(403);
      expect((await other.post(`/api/venta/${sale.id_venta}/confirmar`)).statusCode).toBe(403);
      expect((await other.post('/api/venta/999999/confirmar')).statusCode).toBe(404);
    });
  });

  describe('GET /api/venta', () => {
    it('shows a customer only their own paid purchases, newest first: declined attempts are not purchases', async () => {
      const { a, user, idPago } = await customer();
      const declinedCard = await paymentMethod(a, DECLINED);
      const noFundsCard = await paymentMethod(a, NO_FUNDS);
      const line = { detalle_venta: [{ id_producto: regular.id_producto, cantidad: 1 }] };
      expect((await buy(a, { ...line, id_pago: declinedCard })).statusCode).toBe(402);
      expect((await buy(a, { ...line, id_pago: noFundsCard })).statusCode).toBe(402);
      const paid = await buy(a, { ...line, id_pago: idPago });
      expect(paid.statusCode).toBe(201);
      const res = await a.get('/api/venta');
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page).toMatchObject({ total: 1, page: 1, pageSize: 6 });
      expect(page.items.map((s: { id_venta: number }) => s.id_venta)).toEqual([paid.json().id_venta]);
      expect(page.items[0]).toMatchObject({ estado: 'pagada', id_usuario: user.id_usuario });
      expect(page.items[0].Usuario).toBeUndefined();
      // A customer cannot ask for the failed attempts either.
      const asked = await a.get('/api/venta?estado=fallida');
      expect(asked.json().items.map((s: { estado: string }) => s.estado)).toEqual(['pagada']);
    });

    it('shows an admin every paid sale with its buyer by default, failed attempts on request', async () => {
      const admin = new Agent(t.app);
      await admin.signIn(t.config.admin.email, t.config.admin.password);
      const totalOf = async (estado?: 'pagada' | 'fallida') =>
        (
          await t.db
            .select({ n: count() })
            .from(venta)
            .where(estado ? eq(venta.estado, estado) : undefined)
        )[0]?.n;
      const res = await admin.get('/api/venta?pageSize=50');
      expect(res.statusCode).toBe(200);
      expect(res.json().total).toBe(await totalOf('pagada'));
      expect(res.json().items.every((s: { estado: string }) => s.estado === 'pagada')).toBe(true);
      const buyers = new Set(res.json().items.map((s: { id_usuario: number }) => s.id_usuario));
      expect(buyers.size).toBeGreaterThan(1);
      expect(res.json().items[0].Usuario).toMatchObject({ email: expect.any(String) });
      const failed = await admin.get('/api/venta?estado=fallida&pageSize=50');
      expect(failed.json().total).toBe(await totalOf('fallida'));
      expect(failed.json().total).toBeGreaterThan(0);
      expect(failed.json().items.every((s: { estado: string }) => s.estado === 'fallida')).toBe(true);
      expect((await admin.get('/api/venta?estado=todas')).json().total).toBe(await totalOf());
      expect((await admin.get('/api/venta?estado=perdida')).statusCode).toBe(400);
      // The demo sales are dated over the last weeks, whenever the tests run.
      const desde = dayInTimeZone(new Date(Date.now() - 30 * 864e5), t.config.shopTimeZone);
      const hasta = dayInTimeZone(new Date(), t.config.shopTimeZone);
      const paid = await admin.get(`/api/venta?estado=pagada&desde=${desde}&hasta=${hasta}`);
      expect(paid.json().items.length).toBeGreaterThan(0);
      expect(
        paid.json().items.every((s: { estado: string; fecha: string }) => {
          const day = dayInTimeZone(new Date(s.fecha), t.config.shopTimeZone);
          return s.estado === 'pagada' && day >= desde && day <= hasta;
        }),
      ).toBe(true);
      expect((await admin.get('/api/venta?pageSize=51')).statusCode).toBe(400);
      expect((await admin.get('/api/venta?desde=2026-13-01')).statusCode).toBe(400);
    });

    it('is for signed-in users', async () => {
      expect((await new Agent(t.app).get('/api/venta')).statusCode).toBe(401);
    });
  });
});
