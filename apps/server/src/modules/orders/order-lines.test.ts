import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { categoriaProducto, detalleVenta, producto, usuario, venta } from '../../db/schema';
import { freshDatabase, TEST_DATABASE_KINDS } from '../../test/databases';
import { markLineRated } from './order-lines';

describe.each(TEST_DATABASE_KINDS)('markLineRated on %s', (kind) => {
  let database: Database & { drop(): Promise<void> };
  let lineId: number;

  beforeAll(async () => {
    database = await freshDatabase(kind);
    const { db } = database;
    const [category] = await db
      .insert(categoriaProducto)
      .values({ nombre_categoria_producto: 'Hogar', imagen_categoria_producto: '' })
      .returning();
    const [product] = await db
      .insert(producto)
      .values({
        nombre: 'Silla nórdica',
        descripcion_producto: 'Silla de roble',
        valor: '10.00',
        stock: 5,
        imagen: '',
        id_categoria_producto: category?.id_categoria_producto ?? 0,
      })
      .returning();
    const [buyer] = await db
      .insert(usuario)
      .values({
        primer_nombre: 'Ana',
        primer_apellido: 'Pérez',
        email: 'ana@example.com',
        direccion: 'Calle 10 # 20-30, Bogotá',
        telefono: '3001234567',
      })
      .returning();
    const [sale] = await db
      .insert(venta)
      .values({
        valor_total_venta: '10.00',
        id_usuario: buyer?.id_usuario ?? 0,
        id_pago: 'pm_card_visa',
        estado: 'pagada',
        idempotency_key: 'k1',
      })
      .returning();
    const [line] = await db
      .insert(detalleVenta)
      .values({
        id_venta: sale?.id_venta ?? 0,
        id_producto: product?.id_producto ?? 0,
        cantidad: 1,
        valor_unitario: '10.00',
        valor_total_cantidad: '10.00',
      })
      .returning();
    lineId = line?.id_detalle_venta ?? 0;
  });
  afterAll(() => database.drop());

  it('marks a line once: the second of two submissions gets false', async () => {
    const { db } = database;
    expect(await db.transaction((tx) => markLineRated(tx, lineId))).toBe(true);
    expect(await db.transaction((tx) => markLineRated(tx, lineId))).toBe(false);
    const [row] = await db.select().from(detalleVenta).where(eq(detalleVenta.id_detalle_venta, lineId));
    expect(row?.comentado).toBe(true);
  });

  it('gives false for a line that does not exist', async () => {
    expect(await database.db.transaction((tx) => markLineRated(tx, lineId + 1000))).toBe(false);
  });
});
