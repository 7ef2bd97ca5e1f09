import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../db/client';
import { ajustes, correo, promocion, tienda, usuario } from '../../db/schema';
import { Agent, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { stockedProducts } from '../../test/products';
import { shopIdentity } from '../mail';
import { keptSettings } from './kept-settings';

describe.each(TEST_DATABASE_KINDS)('the settings a paid order reads, kept between changes, on %s', (kind) => {
  let t: TestApp;
  let productId: number;

  beforeAll(async () => {
    t = await seededTestApp(kind, { SUPPORT_EMAIL: 'soporte@prueba.mx' });
    const [product] = await stockedProducts(t.db);
    productId = product?.id_producto as number;
  });
  afterAll(() => t?.close());

  let buyers = 0;
  /** A new customer pays one unit by card: the checkout's answer and the messages it queued. */
  const buy = async () => {
    const { agent } = await newCustomer(t.app, `kept-${kind}-${++buyers}@example.com`);
    const sale = await agent.buy([{ id_producto: productId, cantidad: 1 }]);
    if (sale.statusCode !== 201) return { sale, mails: [] };
    const mails = await t.db
      .select()
      .from(correo)
      .where(like(correo.asunto, `%${sale.json().numero_pedido}%`));
    return { sale, mails };
  };
  /** Writes the settings row as any process (or psql) would, not through this process's API. */
  const setSettings = (values: Partial<typeof ajustes.$inferInsert>) =>
    t.db
      .insert(ajustes)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: ajustes.id, set: values });

  it('places each order with the settings as they stand, whatever changed them since the last one', async () => {
    expect((await buy()).sale.statusCode).toBe(201);

    // The cart's quote and the checkout follow the change alike.
    const quote = () =>
      new Agent(t.app).post('/api/carrito/cotizar', {
        detalle_venta: [{ id_producto: productId, cantidad: 1 }],
      });
    expect((await quote()).statusCode).toBe(200);
    await setSettings({ envio_tarifa: '123.00', envio_gratis_desde: null });
    expect((await quote()).json().envio).toBe(123);
    expect((await buy()).sale.json().costo_envio).toBe(123);

    await t.db
      .insert(tienda)
      .values({ id: 1, nombre: 'Tienda Renombrada', color_primario: '#2b1d14', color_acento: '#b4410f' })
      .onConflictDoUpdate({ target: tienda.id, set: { nombre: 'Tienda Renombrada' } });
    const renamed = await buy();
    expect(renamed.mails.map((m) => m.texto).join()).toContain('Tienda Renombrada');

    const [promotion] = await t.db
      .insert(promocion)
      .values({ codigo: 'AUTO10', tipo: 'porcentaje', valor: '10', automatica: true })
      .returning();
    expect((await quote()).json().descuento).toBeGreaterThan(0);
    const discounted = (await buy()).sale.json();
    expect(discounted.descuento).toBeGreaterThan(0);
    await t.db
      .update(promocion)
      .set({ activa: false })
      .where(eq(promocion.id, promotion?.id as number));
    expect((await buy()).sale.json().descuento).toBe(0);

    const { user: staff } = await newCustomer(t.app, `encargada-${kind}@example.com`);
    await t.db
      .update(usuario)
      .set({ rol: 'encargado', avisos_pedidos: true })
      .where(eq(usuario.id_usuario, staff.id_usuario));
    const told = await buy();
    expect(told.mails.filter((m) => m.tipo === 'pedido_nuevo').map((m) => m.destinatario)).toContain(
      staff.email,
    );

    const guest = () =>
      new Agent(t.app).buy([{ id_producto: productId, cantidad: 1 }], {
        invitado: { email: `invitada-${kind}@example.com`, nombre: 'Ana' },
      });
    expect((await guest()).statusCode).toBe(201);
    await setSettings({ compra_invitado: false });
    expect((await guest()).statusCode).toBe(401);

    await setSettings({ resumen_diario: true });
    const daily = await buy();
    expect(daily.mails.map((m) => m.tipo)).toEqual(['pedido_confirmado']);

    await setSettings({
      metodos_pago: [
        { id: 'tarjeta', activo: false, descripcion: '', instrucciones: '', reserva_minutos: null },
        {
          id: 'transferencia',
          activo: true,
          descripcion: '',
          instrucciones: 'CLABE 0123',
          reserva_minutos: 60,
        },
      ],
    });
    const refused = await buy();
    expect(refused.sale.statusCode).toBe(400);
  });

  it('reads the settings once while nothing changes, again after a change, and every time while deaf', async () => {
    let listening = true;
    const subscribers: Array<() => void> = [];
    const kept = keptSettings(
      { subscribe: (_channel, onChange) => subscribers.push(onChange), listening: () => listening },
      shopIdentity(t.config),
    );
    // Counts this test's reads alone: the shop's own loops read through t.db meanwhile.
    let reads = 0;
    const db = new Proxy(t.db, {
      get: (target, key, receiver) => {
        if (key === 'select') reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const first = await kept.read(db);
    const perRead = reads;
    expect(perRead).toBeGreaterThan(0);
    expect(await kept.read(db)).toBe(first);
    expect(reads).toBe(perRead);

    for (const onChange of subscribers) onChange();
    expect(await kept.read(db)).not.toBe(first);
    expect(reads).toBe(2 * perRead);

    listening = false;
    await kept.read(db);
    await kept.read(db);
    expect(reads).toBe(4 * perRead);
  });

  // An embedded database belongs to one process: only PostgreSQL has another process to hear.
  if (kind === 'postgres')
    it('hears a change another process commits', async () => {
      await setSettings({ metodos_pago: null, envio_tarifa: '0' });
      expect((await buy()).sale.statusCode).toBe(201);
      const other = await openDatabase({ kind: 'postgres', url: String(t.database.url), poolSize: 1 });
      try {
        await other.db
          .insert(ajustes)
          .values({ id: 1, envio_tarifa: '77.00' })
          .onConflictDoUpdate({
            target: ajustes.id,
            set: { envio_tarifa: '77.00', envio_gratis_desde: null },
          });
        await vi.waitFor(async () => expect((await buy()).sale.json().costo_envio).toBe(77), {
          timeout: 5000,
        });
      } finally {
        await other.close();
      }
    });
});
