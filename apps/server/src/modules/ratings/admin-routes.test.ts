import { randomUUID } from 'node:crypto';
import { type AdminRatingPage, adminRatingPageSchema } from '@vitrina/shared';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, detalleVenta, motivoCalificacion, producto, usuario, venta } from '../../db/schema';
import { DEMO_CUSTOMER } from '../../seed/demo-accounts';
import { Agent } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';

describe.each(TEST_DATABASE_KINDS)('ratings administration API on %s', (kind) => {
  let t: TestApp;
  let admin: Agent;
  let customer: Agent;
  let adminId: number;
  let customerId: number;
  let productId: number;

  beforeAll(async () => {
    t = await seededTestApp(kind);
    admin = new Agent(t.app);
    adminId = (await admin.signIn(t.config.admin.email, t.config.admin.password)).id_usuario;
    customer = new Agent(t.app);
    customerId = (await customer.signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).id_usuario;
    const [p] = await t.db
      .select({ id: producto.id_producto })
      .from(producto)
      .where(and(eq(producto.estado, true), gt(producto.stock, 0), eq(producto.calificacion_cantidad, 0)))
      .limit(1);
    productId = p?.id as number;
  });
  afterAll(() => t.close());

  /** The demo customer buys the product (a paid sale inserted as checkout leaves it) and rates it. */
  async function rated(stars: number, comment: string): Promise<number> {
    const [sale] = await t.db
      .insert(venta)
      .values({
        valor_total_venta: '10.00',
        id_usuario: customerId,
        id_pago: 'pm_test',
        estado: 'pagada',
        idempotency_key: randomUUID(),
      })
      .returning();
    const [line] = await t.db
      .insert(detalleVenta)
      .values({
        id_venta: sale?.id_venta as number,
        id_producto: productId,
        cantidad: 1,
        valor_unitario: '10.00',
        valor_total_cantidad: '10.00',
      })
      .returning();
    const res = await customer.post(`/api/products/${productId}/calificacion`, {
      id_detalle_venta: line?.id_detalle_venta,
      valor_calificacion: stars,
      descripcion_motivo: comment,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id_motivo_calificacion;
  }

  const publicRatings = async () =>
    (await new Agent(t.app).get(`/api/products/${productId}/calificaciones`)).json();

  it('answers 401 to a visitor and 403 to a customer, hiding nothing', async () => {
    const id = await rated(5, 'Me encantó');
    for (const [method, url] of [
      ['GET', '/api/products/todascalificaciones'],
      ['PUT', `/api/products/calificaciones/${id}`],
    ] as const) {
      expect((await new Agent(t.app).request(method, url)).statusCode).toBe(401);
      expect((await customer.request(method, url)).statusCode).toBe(403);
    }
    const [row] = await t.db
      .select()
      .from(motivoCalificacion)
      .where(eq(motivoCalificacion.id_motivo_calificacion, id));
    expect(row?.estado).toBe(true);
  });

  describe('GET /api/products/todascalificaciones', () => {
    it('lists every rating, newest first, 20 a page, with the product and the author', async () => {
      const id = await rated(3, 'Correcto');
      const res = await admin.get('/api/products/todascalificaciones');
      expect(res.statusCode).toBe(200);
      const body: AdminRatingPage = adminRatingPageSchema.parse(res.json());
      const all = await t.db.select().from(motivoCalificacion);
      expect(body).toMatchObject({ total: all.length, page: 1, pageSize: 20 });
      expect(body.items.length).toBe(Math.min(20, all.length));
      const [product] = await t.db.select().from(producto).where(eq(producto.id_producto, productId));
      const [author] = await t.db.select().from(usuario).where(eq(usuario.id_usuario, customerId));
      expect(body.items[0]).toMatchObject({
        id_motivo_calificacion: id,
        valor_calificacion: 3,
        descripcion_motivo: 'Correcto',
        estado: true,
        id_producto: productId,
        producto: product?.nombre,
        autor: {
          id_usuario: customerId,
          email: DEMO_CUSTOMER.email,
          nombre: `${author?.primer_nombre} ${author?.primer_apellido}`,
        },
      });
      const dates = body.items.map((r) => r.fecha);
      expect(dates).toEqual([...dates].sort().reverse());
    });
  });

  describe('PUT /api/products/calificaciones/:id', () => {
    it('hides the rating from the product page and takes it out of the average, with an audit row', async () => {
      const kept = await rated(4, 'Buena');
      const hidden = await rated(1, 'Horrible');
      const before = await publicRatings();
      expect(before.items.map((r: { id_motivo_calificacion: number }) => r.id_motivo_calificacion)).toContain(
        hidden,
      );

      const res = await admin.put(`/api/products/calificaciones/${hidden}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id_motivo_calificacion: hidden, estado: false });

      const after = await publicRatings();
      const ids = after.items.map((r: { id_motivo_calificacion: number }) => r.id_motivo_calificacion);
      expect(ids).not.toContain(hidden);
      expect(ids).toContain(kept);
      expect(after.total).toBe(before.total - 1);
      const [row] = await t.db.select().from(producto).where(eq(producto.id_producto, productId));
      const visible = await t.db
        .select()
        .from(motivoCalificacion)
        .where(and(eq(motivoCalificacion.id_producto, productId), eq(motivoCalificacion.estado, true)));
      expect(row?.calificacion_cantidad).toBe(visible.length);
      expect(row?.calificacion_suma).toBe(visible.reduce((sum, r) => sum + r.valor_calificacion, 0));
      expect(after.promedio).toBe(Math.round(((row?.calificacion_suma ?? 0) / visible.length) * 10) / 10);
      expect(after.promedio).toBeGreaterThan(before.promedio);
      const product = (await new Agent(t.app).get(`/api/products/${productId}`)).json();
      expect(product).toMatchObject({
        calificaciones_total: visible.length,
        calificacion_promedio: after.promedio,
      });

      const audit = await t.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.entidad, 'calificacion'), eq(auditoria.id_entidad, hidden)));
      expect(audit).toMatchObject([
        {
          id_usuario: adminId,
          accion: 'calificacion.ocultada',
          antes: { estado: true, id_producto: productId, valor_calificacion: 1 },
          despues: { estado: false },
        },
      ]);

      // Hiding it again changes nothing and records nothing.
      expect((await admin.put(`/api/products/calificaciones/${hidden}`)).statusCode).toBe(200);
      expect((await publicRatings()).total).toBe(after.total);
      const again = await t.db.select().from(auditoria).where(eq(auditoria.accion, 'calificacion.ocultada'));
      expect(again.filter((a) => a.id_entidad === hidden)).toHaveLength(1);

      const hiddenOnly = (await admin.get('/api/products/todascalificaciones?estado=false')).json();
      expect(
        hiddenOnly.items.map((r: { id_motivo_calificacion: number }) => r.id_motivo_calificacion),
      ).toContain(hidden);
      expect(hiddenOnly.items.every((r: { estado: boolean }) => !r.estado)).toBe(true);
    });

    it('answers 404 for an unknown rating', async () => {
      const res = await admin.put('/api/products/calificaciones/987654');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('La calificación no existe.');
    });
  });

  describe('PUT /api/products/calificaciones/:id/restaurar', () => {
    it('shows a hidden rating again and counts it in the average once more, with an audit row', async () => {
      const restored = await rated(2, 'Regular, la oculté por error');
      const before = await publicRatings();
      expect((await admin.put(`/api/products/calificaciones/${restored}`)).statusCode).toBe(200);
      expect((await publicRatings()).total).toBe(before.total - 1);

      const res = await admin.put(`/api/products/calificaciones/${restored}/restaurar`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id_motivo_calificacion: restored, estado: true });

      const after = await publicRatings();
      expect(after.items.map((r: { id_motivo_calificacion: number }) => r.id_motivo_calificacion)).toContain(
        restored,
      );
      expect(after.total).toBe(before.total);
      expect(after.promedio).toBe(before.promedio);
      const [row] = await t.db.select().from(producto).where(eq(producto.id_producto, productId));
      const visible = await t.db
        .select()
        .from(motivoCalificacion)
        .where(and(eq(motivoCalificacion.id_producto, productId), eq(motivoCalificacion.estado, true)));
      expect(row?.calificacion_cantidad).toBe(visible.length);
      expect(row?.calificacion_suma).toBe(visible.reduce((sum, r) => sum + r.valor_calificacion, 0));

      const audit = await t.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.entidad, 'calificacion'), eq(auditoria.id_entidad, restored)))
        .orderBy(auditoria.id);
      expect(audit.map((a) => a.accion)).toEqual(['calificacion.ocultada', 'calificacion.restaurada']);
      expect(audit[1]).toMatchObject({
        id_usuario: adminId,
        antes: { estado: false, id_producto: productId, valor_calificacion: 2 },
        despues: { estado: true },
      });

      // Restoring a visible rating changes nothing and records nothing.
      expect((await admin.put(`/api/products/calificaciones/${restored}/restaurar`)).statusCode).toBe(200);
      expect((await publicRatings()).total).toBe(after.total);
      const again = await t.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.accion, 'calificacion.restaurada'), eq(auditoria.id_entidad, restored)));
      expect(again).toHaveLength(1);
    });

    it('answers 404 for an unknown rating, and only to an admin', async () => {
      const res = await admin.put('/api/products/calificaciones/987654/restaurar');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('La calificación no existe.');
      expect((await customer.put('/api/products/calificaciones/1/restaurar')).statusCode).toBe(403);
    });
  });
});
