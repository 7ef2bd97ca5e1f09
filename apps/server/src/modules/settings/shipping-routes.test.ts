import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ajustes, correo, producto, venta } from '../../db/schema';
import { Agent, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { TEST_ADDRESS } from '../../test/shipping-address';

const CARD = { numero: '4242 4242 4242 4242', expiracion: '12/39', cvc: '314', nombre: 'Lucía Hernández' };

const PATAGONIA = {
  nombre: 'Patagonia',
  regiones: ['Tierra del Fuego', 'Santa Cruz', 'Chubut'],
  tarifa: 450_000,
  gratis_desde: null,
};
const PICKUP = {
  activo: true,
  direccion: 'Av. Corrientes 1234, CABA',
  horario: 'Lunes a viernes de 10 a 18',
};
const SETTINGS = {
  zonas: [PATAGONIA],
  resto: { tarifa: 250_000, gratis_desde: null },
  retiro: PICKUP,
};

describe.each(TEST_DATABASE_KINDS)('shipping by zone and pickup on %s', (kind) => {
  let t: TestApp;
  let admin: Agent;
  let productId: number;

  beforeAll(async () => {
    t = await seededTestApp(kind, { SHOP_CURRENCY: 'ARS', SUPPORT_EMAIL: 'soporte@prueba.ar' });
    admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    const [product] = await t.db
      .select()
      .from(producto)
      .where(and(eq(producto.estado, true), gt(producto.stock, 20)))
      .orderBy(asc(producto.id_producto))
      .limit(1);
    productId = product?.id_producto as number;
  });
  afterAll(() => t?.close());

  const buy = async (agent: Agent, body: Record<string, unknown>) => {
    const card = await agent.post('/api/pagos/sandbox/metodos', CARD);
    return agent.request(
      'POST',
      '/api/venta',
      { detalle_venta: [{ id_producto: productId, cantidad: 1 }], id_pago: card.json().id_pago, ...body },
      { 'idempotency-key': randomUUID() },
    );
  };
  const quote = (body: Record<string, unknown>) =>
    new Agent(t.app).post('/api/carrito/cotizar', {
      detalle_venta: [{ id_producto: productId, cantidad: 1 }],
      ...body,
    });

  it("keeps today's flat rate as the rest of the country, and shows visitors only the regions and pickup", async () => {
    expect(
      (await admin.put('/api/ajustes', { envio_tarifa: 1500, envio_gratis_desde: null })).statusCode,
    ).toBe(200);
    const owner = (await admin.get('/api/ajustes/envio')).json();
    expect(owner).toMatchObject({
      pais: 'Argentina',
      nombre_region: 'Provincia',
      zonas: [],
      resto: { tarifa: 150_000, gratis_desde: null },
      retiro: { activo: false, direccion: '', horario: '' },
    });
    expect(owner.regiones).toHaveLength(24);
    const visitor = (await new Agent(t.app).get('/api/ajustes/envio')).json();
    expect(visitor.zonas).toBeUndefined();
    expect(visitor.resto).toBeUndefined();
    expect(visitor.regiones).toContain('Tierra del Fuego');
  });

  it('lets only the owner change it: 401 for a visitor, 403 for a customer', async () => {
    expect((await new Agent(t.app).put('/api/ajustes/envio', SETTINGS)).statusCode).toBe(401);
    const { agent } = await newCustomer(t.app, 'envio-cliente@example.com');
    expect((await agent.put('/api/ajustes/envio', SETTINGS)).statusCode).toBe(403);
    const [row] = await t.db.select().from(ajustes);
    expect(row?.envio_zonas).toEqual([]);
  });

  it('refuses a region in two zones in Spanish, and saves nothing', async () => {
    const res = await admin.put('/api/ajustes/envio', {
      ...SETTINGS,
      zonas: [PATAGONIA, { nombre: 'Sur', regiones: ['Chubut'], tarifa: 100_000, gratis_desde: null }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['zonas.1.regiones']).toBe(
      'Chubut ya está en la zona «Patagonia»: cada región va en una sola zona',
    );
    expect((await admin.get('/api/ajustes/envio')).json().zonas).toEqual([]);
  });

  it("saves zones and pickup; the quote charges each region its zone's rate, pickup nothing", async () => {
    const saved = await admin.put('/api/ajustes/envio', SETTINGS);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().zonas[0].regiones).toEqual(['Chubut', 'Santa Cruz', 'Tierra del Fuego']);
    expect((await new Agent(t.app).get('/api/ajustes/envio')).json().retiro).toEqual(PICKUP);

    expect((await quote({ region: 'Tierra del Fuego' })).json().envio).toBe(4500);
    // The contract's form too: the address as typed so far, whose region prices it.
    expect(
      (await quote({ direccion_envio: { region: 'Tierra del Fuego', ciudad: 'Ushuaia' } })).json().envio,
    ).toBe(4500);
    expect((await quote({ region: 'Córdoba' })).json().envio).toBe(2500);
    expect((await quote({})).json().envio).toBe(2500);
    expect((await quote({ metodo_envio: 'retiro' })).json().envio).toBe(0);
    const wrong = await quote({ region: 'Jalisco' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Esa región no es de Argentina: elige una provincia de la lista');
  });

  it('charges the Patagonia rate to a shopper in Tierra del Fuego', async () => {
    const { agent } = await newCustomer(t.app, 'envio-ushuaia@example.com');
    const sale = await buy(agent, { direccion_envio: { ...TEST_ADDRESS, region: 'Tierra del Fuego' } });
    expect(sale.statusCode, sale.body).toBe(201);
    expect(sale.json().costo_envio).toBe(4500);
    const order = (await agent.get(`/api/venta/${sale.json().id_venta}`)).json();
    expect(order.direccion_envio.region).toBe('Tierra del Fuego');
    expect(order.metodo_envio).toBe('domicilio');
  });

  it("lets a shopper pick up for free; the order says where and when, and goes 'lista para retirar' → 'entregada'", async () => {
    const { agent, user } = await newCustomer(t.app, 'envio-retiro@example.com');
    const sale = await buy(agent, { metodo_envio: 'retiro' });
    expect(sale.statusCode, sale.body).toBe(201);
    expect(sale.json()).toMatchObject({ costo_envio: 0, metodo_envio: 'retiro' });
    const id = sale.json().id_venta;
    const order = (await agent.get(`/api/venta/${id}`)).json();
    expect(order).toMatchObject({
      direccion_envio: null,
      retiro: { direccion: PICKUP.direccion, horario: PICKUP.horario },
    });
    const [confirmation] = await t.db
      .select()
      .from(correo)
      .where(and(eq(correo.destinatario, user.email), eq(correo.tipo, 'pedido_confirmado')));
    expect(confirmation?.texto).toContain('Retiro en tienda:');
    expect(confirmation?.texto).toContain(PICKUP.horario);

    const move = (estado: string) => admin.put(`/api/venta/${id}/estado`, { estado });
    expect((await move('preparando')).statusCode).toBe(200);
    const shipped = await move('enviada');
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().message).toBe(
      'Este pedido se retira en la tienda: no se envía. Márcalo como listo para retirar.',
    );
    expect((await move('lista_retiro')).json().estado).toBe('lista_retiro');
    const ready = await t.db
      .select()
      .from(correo)
      .where(and(eq(correo.destinatario, user.email), eq(correo.tipo, 'pedido_listo')));
    expect(ready).toHaveLength(1);
    expect((await move('entregada')).json().estado).toBe('entregada');
  });

  it('refuses pickup once the owner turns it off, taking no stock', async () => {
    await admin.put('/api/ajustes/envio', { ...SETTINGS, retiro: { ...PICKUP, activo: false } });
    const [before] = await t.db.select().from(producto).where(eq(producto.id_producto, productId));
    const { agent } = await newCustomer(t.app, 'envio-sin-retiro@example.com');
    const sale = await buy(agent, { metodo_envio: 'retiro' });
    expect(sale.statusCode).toBe(400);
    expect(sale.json().message).toBe('El retiro en tienda no está disponible. Elige envío a domicilio.');
    const [after] = await t.db.select().from(producto).where(eq(producto.id_producto, productId));
    expect(after?.stock).toBe(before?.stock);
    const missing = await buy(agent, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.direccion_envio).toBe('Falta la dirección de envío');
    const sales = await t.db.select().from(venta).where(eq(venta.metodo_envio, 'retiro'));
    expect(sales).toHaveLength(1);
  });
});
