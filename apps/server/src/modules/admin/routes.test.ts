import { randomUUID } from 'node:crypto';
import {
  auditPageSchema,
  centsToDecimal,
  type Dashboard,
  DEFAULT_LOW_STOCK,
  dashboardSchema,
  dayInTimeZone,
  isLowStock,
  lowStockThreshold,
} from '@vitrina/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { auditoria, detalleVenta, producto, usuario, variante, venta } from '../../db/schema';
import { DEMO_CUSTOMER } from '../../seed/demo-accounts';
import { Agent } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { addDays, dashboardSummary } from './dashboard';

let counter = 0;

async function insertCustomer(db: Db, overrides: Partial<typeof usuario.$inferInsert> = {}) {
  const [row] = await db
    .insert(usuario)
    .values({
      primer_nombre: 'Marta',
      primer_apellido: 'Gómez',
      email: `marta${++counter}.${randomUUID().slice(0, 8)}@example.com`,
      direccion: 'Calle Mayor 10, Madrid',
      telefono: '5511223344',
      ...overrides,
    })
    .returning();
  return row as typeof usuario.$inferSelect;
}

async function insertProduct(db: Db, overrides: Partial<typeof producto.$inferInsert> = {}) {
  const [row] = await db
    .insert(producto)
    .values({
      nombre: `Producto de prueba ${++counter}`,
      descripcion_producto: 'Un producto para las pruebas del panel.',
      valor: '100.00',
      stock: 50,
      imagen: '/uploads/productos/c1-1.webp',
      id_categoria_producto: 1,
      ...overrides,
    })
    .returning();
  return row as typeof producto.$inferSelect;
}

interface OrderSummaryLine {
  product: number;
  cantidad: number;
  unitCents: number;
}

/** A sale as checkout leaves it, inserted directly so its date and outcome are ours to choose. */
async function insertSale(
  db: Db,
  buyer: number,
  fecha: Date,
  estado: 'pagada' | 'fallida' | 'pendiente',
  lines: OrderSummaryLine[],
) {
  const total = lines.reduce((sum, l) => sum + l.unitCents * l.cantidad, 0);
  const [sale] = await db
    .insert(venta)
    .values({
      fecha,
      valor_total_venta: centsToDecimal(total),
      id_usuario: buyer,
      id_pago: 'pm_test',
      estado,
      idempotency_key: randomUUID(),
    })
    .returning();
  if (!sale) throw new Error('no sale');
  await db.insert(detalleVenta).values(
    lines.map((l) => ({
      id_venta: sale.id_venta,
      id_producto: l.product,
      cantidad: l.cantidad,
      valor_unitario: centsToDecimal(l.unitCents),
      valor_total_cantidad: centsToDecimal(l.unitCents * l.cantidad),
    })),
  );
  return sale;
}

describe.each(TEST_DATABASE_KINDS)('admin API on %s', (kind) => {
  let t: TestApp;
  let admin: Agent;
  let customer: Agent;

  beforeAll(async () => {
    t = await seededTestApp(kind);
    admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    customer = new Agent(t.app);
    await customer.signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  });
  afterAll(() => t.close());

  describe('who may call', () => {
    it.each([['/api/admin/resumen'], ['/api/admin/auditoria'], ['/api/venta/export.csv']])(
      '%s: 401 for a visitor, 403 for a customer, 200 for the admin',
      async (url) => {
        expect((await new Agent(t.app).get(url)).statusCode).toBe(401);
        expect((await customer.get(url)).statusCode).toBe(403);
        expect((await admin.get(url)).statusCode).toBe(200);
      },
    );
  });

  describe('dashboardSummary', () => {
    // A fixed "now" years after the seeded sales, so only the sales below fall in its windows.
    const now = new Date('2030-06-15T12:00:00Z');
    let summary: Dashboard;
    let p: Record<'p1' | 'p3' | 'p5' | 'p6' | 'p7' | 'p8' | 'failed', number>;

    beforeAll(async () => {
      const buyer = (await insertCustomer(t.db)).id_usuario;
      const ids = await Promise.all(
        ['p1', 'p3', 'p5', 'p6', 'p7', 'p8', 'failed'].map(async (key) => [
          key,
          (await insertProduct(t.db)).id_producto,
        ]),
      );
      p = Object.fromEntries(ids) as typeof p;
      const at = (iso: string) => new Date(iso);
      // Today (UTC): 100.10 + 19.99; the failed and pending sales never count.
      await insertSale(t.db, buyer, at('2030-06-15T01:00:00Z'), 'pagada', [
        { product: p.p3, cantidad: 2, unitCents: 5005 },
      ]);
      await insertSale(t.db, buyer, at('2030-06-15T11:59:00Z'), 'pagada', [
        { product: p.p1, cantidad: 1, unitCents: 999 },
        { product: p.p7, cantidad: 1, unitCents: 1000 },
      ]);
      await insertSale(t.db, buyer, at('2030-06-15T09:00:00Z'), 'fallida', [
        { product: p.failed, cantidad: 20, unitCents: 50000 },
      ]);
      await insertSale(t.db, buyer, at('2030-06-15T10:00:00Z'), 'pendiente', [
        { product: p.failed, cantidad: 20, unitCents: 50000 },
      ]);
      // 3 days ago: 35.00.
      await insertSale(t.db, buyer, at('2030-06-12T10:00:00Z'), 'pagada', [
        { product: p.p1, cantidad: 3, unitCents: 1000 },
        { product: p.p8, cantidad: 1, unitCents: 500 },
      ]);
      // 10 days ago: 45.50.
      await insertSale(t.db, buyer, at('2030-06-05T10:00:00Z'), 'pagada', [
        { product: p.p5, cantidad: 1, unitCents: 4550 },
      ]);
      // The first day of the 30 (7.00), and the last instant before it (not counted).
      await insertSale(t.db, buyer, at('2030-05-17T00:00:00Z'), 'pagada', [
        { product: p.p6, cantidad: 7, unitCents: 100 },
      ]);
      await insertSale(t.db, buyer, at('2030-05-16T23:59:59Z'), 'pagada', [
        { product: p.failed, cantidad: 50, unitCents: 100 },
      ]);
      // Tomorrow is not today.
      await insertSale(t.db, buyer, at('2030-06-16T00:00:00Z'), 'pagada', [
        { product: p.failed, cantidad: 50, unitCents: 100 },
      ]);
      summary = await dashboardSummary(t.db, { now, timeZone: 'UTC', currency: 'USD' });
    });

    it('adds up paid sales of today, the last 7 and the last 30 days, with the average ticket', () => {
      expect(summary.zona_horaria).toBe('UTC');
      expect(summary.ventas).toEqual({
        hoy: { ingresos: 120.09, ventas: 2, ticket_promedio: 60.05 },
        ultimos_7_dias: { ingresos: 155.09, ventas: 3, ticket_promedio: 51.7 },
        ultimos_30_dias: { ingresos: 207.59, ventas: 5, ticket_promedio: 41.52 },
      });
    });

    it('gives every one of the 30 days, oldest first, zeros included', () => {
      const series = summary.ingresos_por_dia;
      expect(series).toHaveLength(30);
      expect(series[0]).toEqual({ fecha: '2030-05-17', ingresos: 7, ventas: 1 });
      expect(series[29]).toEqual({ fecha: '2030-06-15', ingresos: 120.09, ventas: 2 });
      expect(series.map((d) => d.fecha)).toEqual(
        Array.from({ length: 30 }, (_, i) => addDays('2030-05-17', i)),
      );
      const withSales = series.filter((d) => d.ventas > 0).map((d) => d.fecha);
      expect(withSales).toEqual(['2030-05-17', '2030-06-05', '2030-06-12', '2030-06-15']);
      expect(series.find((d) => d.fecha === '2030-06-01')).toEqual({
        fecha: '2030-06-01',
        ingresos: 0,
        ventas: 0,
      });
    });

    it('ranks the 5 products sold most by units, then by revenue', () => {
      expect(
        summary.mas_vendidos.map(({ id_producto, unidades, ingresos }) => ({
          id_producto,
          unidades,
          ingresos,
        })),
      ).toEqual([
        { id_producto: p.p6, unidades: 7, ingresos: 7 },
        { id_producto: p.p1, unidades: 4, ingresos: 39.99 },
        { id_producto: p.p3, unidades: 2, ingresos: 100.1 },
        { id_producto: p.p5, unidades: 1, ingresos: 45.5 },
        { id_producto: p.p7, unidades: 1, ingresos: 10 },
      ]);
      expect(summary.mas_vendidos[0]?.nombre).toMatch(/^Producto de prueba/);
    });

    it('counts days in another time zone when asked to', async () => {
      // 01:00 UTC on the 15th is still the 14th in Mexico City (UTC-6), and 00:00 UTC on the 16th is
      // still the 15th there.
      const mexico = await dashboardSummary(t.db, { now, timeZone: 'America/Mexico_City', currency: 'USD' });
      expect(mexico.ventas.hoy).toEqual({ ingresos: 69.99, ventas: 2, ticket_promedio: 35 });
      expect(mexico.ingresos_por_dia.at(-2)).toEqual({ fecha: '2030-06-14', ingresos: 100.1, ventas: 1 });
    });
  });

  describe('GET /api/admin/resumen', () => {
    const get = async (): Promise<Dashboard> => {
      const res = await admin.get('/api/admin/resumen');
      expect(res.statusCode, res.body).toBe(200);
      return dashboardSchema.parse(res.json());
    };

    it("counts days in the shop's time zone (SHOP_TIMEZONE, Mexico City by default): a sale at 20:00 there is on that day", async () => {
      const zone = t.config.shopTimeZone;
      expect(zone).toBe('America/Mexico_City');
      const before = await get();
      expect(before.zona_horaria).toBe(zone);
      const today = dayInTimeZone(new Date(), zone);
      expect(before.ingresos_por_dia.at(-1)?.fecha).toBe(today);
      // Yesterday at 20:00 in Mexico City (UTC-6) is already today in UTC.
      const yesterday = addDays(today, -1);
      const evening = new Date(`${yesterday}T20:00:00-06:00`);
      expect(evening.toISOString().slice(0, 10)).toBe(today);
      const buyer = (await insertCustomer(t.db)).id_usuario;
      const product = (await insertProduct(t.db)).id_producto;
      await insertSale(t.db, buyer, evening, 'pagada', [{ product, cantidad: 1, unitCents: 2000 }]);
      const after = await get();
      const day = (d: Dashboard, fecha: string) => d.ingresos_por_dia.find((x) => x.fecha === fecha)?.ventas;
      expect(day(after, yesterday)).toBe((day(before, yesterday) ?? 0) + 1);
      expect(day(after, today)).toBe(day(before, today));
      expect((await admin.get('/api/config')).json().timeZone).toBe(zone);
    });

    it("counts a sale paid now in today's figures", async () => {
      const before = await get();
      const buyer = (await insertCustomer(t.db)).id_usuario;
      const product = (await insertProduct(t.db)).id_producto;
      await insertSale(t.db, buyer, new Date(), 'pagada', [{ product, cantidad: 3, unitCents: 1234 }]);
      await insertSale(t.db, buyer, new Date(), 'fallida', [{ product, cantidad: 3, unitCents: 1234 }]);
      const after = await get();
      expect(after.ventas.hoy.ventas).toBe(before.ventas.hoy.ventas + 1);
      expect(Math.round(after.ventas.hoy.ingresos * 100)).toBe(
        Math.round(before.ventas.hoy.ingresos * 100) + 3702,
      );
      expect(after.ingresos_por_dia.at(-1)?.ventas).toBe(after.ventas.hoy.ventas);
    });

    it('lists active products out of stock, and the variants running low of those still on sale', async () => {
      const low = await insertProduct(t.db, { nombre: 'AAA casi agotado', stock: 1 });
      const out = await insertProduct(t.db, { nombre: 'AAA agotado', stock: 0 });
      const inactive = await insertProduct(t.db, { nombre: 'AAA inactivo', stock: 0, estado: false });
      const { inventario } = await get();
      const all = await t.db.select().from(producto).where(eq(producto.estado, true));
      const variants = await t.db
        .select({ stock: variante.stock, own: variante.stock_minimo, productStock: producto.stock })
        .from(variante)
        .innerJoin(producto, eq(producto.id_producto, variante.id_producto))
        .where(and(eq(producto.estado, true), eq(variante.estado, true)));
      expect(inventario.umbral_stock_bajo).toBe(DEFAULT_LOW_STOCK);
      expect(inventario.agotados).toBe(all.filter((r) => r.stock === 0).length);
      expect(inventario.stock_bajo).toBe(
        variants.filter(
          (v) => v.productStock > 0 && isLowStock(v.stock, lowStockThreshold(v.own, DEFAULT_LOW_STOCK)),
        ).length,
      );
      expect(inventario.lista_agotados).toContainEqual({
        id_producto: out.id_producto,
        nombre: 'AAA agotado',
        stock: 0,
      });
      expect(inventario.lista_stock_bajo[0]).toEqual({
        id_producto: low.id_producto,
        id_variante: expect.any(Number),
        nombre: 'AAA casi agotado',
        variante: '',
        sku: expect.stringMatching(/^VT-\d+$/),
        stock: 1,
        stock_minimo: DEFAULT_LOW_STOCK,
      });
      const listed = [...inventario.lista_agotados, ...inventario.lista_stock_bajo].map((r) => r.id_producto);
      expect(listed).not.toContain(inactive.id_producto);
      expect(inventario.lista_stock_bajo.map((r) => r.id_producto)).not.toContain(out.id_producto);
      const stocks = inventario.lista_stock_bajo.map((r) => r.stock);
      expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
      expect(stocks.every((s) => s <= DEFAULT_LOW_STOCK)).toBe(true);
    });

    it('counts customers and banned customers, never administrators', async () => {
      const before = (await get()).clientes;
      await insertCustomer(t.db, { estado: false });
      await insertCustomer(t.db, { admin: true });
      const after = (await get()).clientes;
      expect(after).toEqual({ total: before.total + 1, baneados: before.baneados + 1 });
      const customers = await t.db.select().from(usuario).where(eq(usuario.admin, false));
      expect(after.total).toBe(customers.length);
    });

    it('shows the latest audit entries first, with who made them, as the trail reads them', async () => {
      const target = await insertProduct(t.db);
      expect((await admin.put(`/api/products/delete/${target.id_producto}`)).statusCode).toBe(200);
      const { auditoria_reciente } = await get();
      expect(auditoria_reciente.length).toBeLessThanOrEqual(10);
      expect(auditoria_reciente[0]).toMatchObject({
        accion: 'producto.desactivado',
        entidad: 'producto',
        id_entidad: target.id_producto,
        resumen: `Eliminó el producto «${target.nombre}»`,
        cambios: [{ campo: 'Estado', antes: 'Habilitado', despues: 'Inactivo' }],
        usuario: { email: t.config.admin.email, nombre: 'Administración Vitrina' },
      });
    });
  });

  describe('GET /api/admin/auditoria', () => {
    it('pages through the whole trail, newest first, and filters by entity', async () => {
      const target = await insertProduct(t.db);
      for (let i = 0; i < 3; i++) await admin.put(`/api/products/delete/${target.id_producto}`);
      const all = await t.db.select().from(auditoria);

      const first = auditPageSchema.parse((await admin.get('/api/admin/auditoria?pageSize=2')).json());
      expect(first.total).toBe(all.length);
      expect(first.items.map((e) => e.accion)).toEqual(['producto.desactivado', 'producto.restaurado']);
      const second = auditPageSchema.parse(
        (await admin.get('/api/admin/auditoria?pageSize=2&page=2')).json(),
      );
      expect(second.items[0]?.accion).toBe('producto.desactivado');
      expect(second.items[0]?.id).toBeLessThan(first.items[1]?.id as number);

      const history = (
        await admin.get(`/api/admin/auditoria?entidad=producto&id_entidad=${target.id_producto}`)
      ).json();
      expect(history).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    });

    it("filters by entity and by days in the shop's time zone, and refuses an inverted range", async () => {
      const [adminRow] = await t.db.select().from(usuario).where(eq(usuario.admin, true));
      const entry = (fecha: string, accion: 'usuario.baneado' | 'producto.editado', entidad: string) => ({
        fecha: new Date(fecha),
        id_usuario: adminRow?.id_usuario as number,
        accion,
        entidad,
        id_entidad: 1,
        antes: { estado: true },
        despues: { estado: false },
      });
      // 21:00 on 9 May 2031 in Mexico City (03:00 on the 10th in UTC), and 06:00 on the 10th there.
      const [evening, morning, product] = await t.db
        .insert(auditoria)
        .values([
          entry('2031-05-10T03:00:00Z', 'usuario.baneado', 'usuario'),
          entry('2031-05-10T12:00:00Z', 'usuario.baneado', 'usuario'),
          entry('2031-05-10T13:00:00Z', 'producto.editado', 'producto'),
        ])
        .returning();
      const ids = async (query: string) =>
        auditPageSchema
          .parse((await admin.get(`/api/admin/auditoria?${query}`)).json())
          .items.map((e) => e.id);
      expect(await ids('desde=2031-05-09&hasta=2031-05-09')).toEqual([evening?.id]);
      expect(await ids('desde=2031-05-10&hasta=2031-05-10')).toEqual([product?.id, morning?.id]);
      expect(await ids('entidad=usuario&desde=2031-05-09&hasta=2031-05-10')).toEqual([
        morning?.id,
        evening?.id,
      ]);
      expect(await ids('entidad=producto&desde=2031-05-09')).toEqual([product?.id]);
      const inverted = await admin.get('/api/admin/auditoria?desde=2031-05-10&hasta=2031-05-09');
      expect(inverted.statusCode).toBe(400);
      expect(inverted.json().fields.desde).toBe('La fecha inicial no puede ser posterior a la final');
    });
  });

  describe('GET /api/venta/export.csv', () => {
    let inRange: number;
    let email: string;

    beforeAll(async () => {
      const buyer = await insertCustomer(t.db, {
        primer_nombre: '=HYPERLINK("http://x.example","clic")',
        primer_apellido: 'Núñez',
      });
      email = buyer.email;
      const chair = await insertProduct(t.db, { nombre: 'Silla "Nórdica", roble\ny haya' });
      const tool = await insertProduct(t.db, { nombre: '@Martillo de carpintería' });
      inRange = (
        await insertSale(t.db, buyer.id_usuario, new Date('2030-01-10T15:30:00Z'), 'pagada', [
          { product: chair.id_producto, cantidad: 2, unitCents: 4990 },
          { product: tool.id_producto, cantidad: 1, unitCents: 1250 },
        ])
      ).id_venta;
      await insertSale(t.db, buyer.id_usuario, new Date('2030-01-20T10:00:00Z'), 'fallida', [
        { product: tool.id_producto, cantidad: 1, unitCents: 1250 },
      ]);
    });

    it('answers the filtered sales as a UTF-8 CSV file with a BOM, one row per order, dated in the shop’s time zone', async () => {
      await t.db.update(venta).set({ numero_pedido: 900001 }).where(eq(venta.id_venta, inRange));
      const res = await admin.get('/api/venta/export.csv?desde=2030-01-10&hasta=2030-01-15');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="ventas-2030-01-10-2030-01-15.csv"',
      );
      expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = res.rawPayload.subarray(3).toString('utf8');
      const cliente = '"\'=HYPERLINK(""http://x.example"",""clic"") Núñez"';
      expect(text).toBe(
        [
          'Pedido,Fecha,Cliente,Correo,Estado,Productos,Subtotal de productos (USD),Envío (USD),Total cobrado (USD),Reembolsado (USD),Neto (USD),Moneda,Referencia de pago',
          `V-900001,2030-01-10 09:30:00,${cliente},${email},Pagado,"2 × Silla ""Nórdica"", roble\ny haya; 1 × @Martillo de carpintería",112.30,0.00,112.30,0.00,112.30,USD,`,
          '',
        ].join('\r\n'),
      );
    });

    it('filters by estado and by date, and names an open end', async () => {
      const failed = await admin.get(
        '/api/venta/export.csv?desde=2030-01-01&hasta=2030-01-31&estado=fallida',
      );
      const rows = failed.rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
      // 10:00 UTC is 04:00 in Mexico City.
      expect(rows.slice(1).map((r) => r.split(',').slice(1, 2))).toEqual([['2030-01-20 04:00:00']]);
      expect(rows[1]).toContain(',Pago rechazado,');
      const open = await admin.get('/api/venta/export.csv?desde=2030-01-01');
      expect(open.headers['content-disposition']).toMatch(
        /filename="ventas-2030-01-01-\d{4}-\d{2}-\d{2}\.csv"/,
      );
    });

    it("filters the days of the history and the export in the shop's time zone, and dates its rows there", async () => {
      const buyer = await insertCustomer(t.db);
      const product = await insertProduct(t.db);
      // 20:00 on 3 March 2031 in Mexico City: 02:00 on the 4th in UTC.
      const evening = (
        await insertSale(t.db, buyer.id_usuario, new Date('2031-03-04T02:00:00Z'), 'pagada', [
          { product: product.id_producto, cantidad: 1, unitCents: 1000 },
        ])
      ).id_venta;
      const ids = async (url: string) =>
        (await admin.get(url)).json().items.map((s: { id_venta: number }) => s.id_venta);
      expect(await ids('/api/venta?desde=2031-03-03&hasta=2031-03-03')).toEqual([evening]);
      expect(await ids('/api/venta?desde=2031-03-04&hasta=2031-03-04')).toEqual([]);
      const csv = await admin.get('/api/venta/export.csv?desde=2031-03-03&hasta=2031-03-03');
      const rows = csv.rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
      expect(rows.slice(1).map((r) => r.split(',')[3])).toEqual([buyer.email]);
      expect(rows.slice(1).map((r) => r.split(',')[1])).toEqual(['2031-03-03 20:00:00']);
    });

    it('refuses a malformed or inverted date range', async () => {
      const bad = await admin.get('/api/venta/export.csv?desde=2030-02-30');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.desde).toBe('La fecha inicial no es una fecha válida');
      const inverted = await admin.get('/api/venta/export.csv?desde=2030-02-01&hasta=2030-01-01');
      expect(inverted.json().fields.desde).toBe('La fecha inicial no puede ser posterior a la final');
    });

    it('lists paid sales when unfiltered, and every attempt with estado=todas, the seeded ones too', async () => {
      const salesOf = async (paidOnly: boolean) =>
        (
          await t.db
            .select({ id: venta.id_venta })
            .from(venta)
            .where(paidOnly ? eq(venta.estado, 'pagada') : undefined)
        ).length;
      // Rows end with CRLF; the line break inside the chair's quoted name is a bare LF.
      const rowsOf = async (url: string) =>
        (await admin.get(url)).rawPayload.subarray(3).toString('utf8').trim().split('\r\n').slice(1);
      const paid = await rowsOf('/api/venta/export.csv');
      expect(paid.length).toBe(await salesOf(true));
      expect(paid.filter((r) => r.includes(',Pago rechazado,'))).toEqual([]);
      expect((await rowsOf('/api/venta/export.csv?estado=todas')).length).toBe(await salesOf(false));
    });
  });
});
