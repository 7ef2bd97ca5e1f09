import { and, asc, eq, gt } from 'drizzle-orm';
import { expect } from 'vitest';
import { producto } from '../db/schema';
import { Agent } from './agent';
import { seededTestApp, type TestApp } from './app';
import type { DatabaseKind } from './databases';

/** The bank details a guest who pays by transfer is given in the guest tests' shop. */
export const GUEST_TRANSFER_INSTRUCTIONS = 'CLABE 0121';

/**
 * A seeded shop for the guest tests: its admin signed in, the first active product with more than
 * `minStock` units for the guests to buy, and card and transfer the methods on offer.
 */
export async function guestTestShop(
  kind: DatabaseKind,
  minStock: number,
): Promise<{ t: TestApp; admin: Agent; productId: number }> {
  const t = await seededTestApp(kind);
  const admin = new Agent(t.app);
  await admin.signIn(t.config.admin.email, t.config.admin.password);
  const [row] = await t.db
    .select({ id: producto.id_producto })
    .from(producto)
    .where(and(eq(producto.estado, true), gt(producto.stock, minStock)))
    .orderBy(asc(producto.id_producto))
    .limit(1);
  const methods = await admin.put('/api/ajustes/pagos', {
    metodos: [
      { id: 'tarjeta', activo: true, descripcion: '', instrucciones: '', reserva_minutos: null },
      { id: 'mercadopago', activo: false, descripcion: '', instrucciones: '', reserva_minutos: 60 },
      { id: 'contra_entrega', activo: false, descripcion: '', instrucciones: '', reserva_minutos: 60 },
      {
        id: 'transferencia',
        activo: true,
        descripcion: '',
        instrucciones: GUEST_TRANSFER_INSTRUCTIONS,
        reserva_minutos: 60,
      },
    ],
  });
  expect(methods.statusCode, methods.body).toBe(200);
  return { t, admin, productId: row?.id as number };
}
