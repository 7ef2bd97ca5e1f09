import type { AbandonedCarts } from '@vitrina/shared';
import { and, asc, count, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { carrito, carritoRecordatorio, usuario } from '../../db/schema';

/** The most carts the owner's list shows: the oldest first. */
const LIST_LIMIT = 100;

/**
 * GET /api/admin/carritos: carts resting with items past `afterMs`, accounts' and guests', and what the
 * reminders recovered.
 */
export async function abandonedCartsReport({
  db,
  afterMs,
}: {
  db: Db;
  afterMs: number;
}): Promise<AbandonedCarts> {
  const cutoff = new Date(Date.now() - afterMs);
  const [carts, [sent], [recovered]] = await Promise.all([
    db
      .select({
        cart: carrito,
        nombre: usuario.primer_nombre,
        apellido: usuario.primer_apellido,
        email: usuario.email,
      })
      .from(carrito)
      .leftJoin(usuario, eq(usuario.id_usuario, carrito.id_usuario))
      .where(and(isNotNull(carrito.desde), lte(carrito.actualizado, cutoff)))
      .orderBy(asc(carrito.actualizado))
      .limit(LIST_LIMIT),
    db.select({ n: count() }).from(carritoRecordatorio),
    db.select({ n: count() }).from(carritoRecordatorio).where(isNotNull(carritoRecordatorio.id_venta)),
  ]);
  return {
    horas: afterMs / 3_600_000,
    recordatorios: sent?.n ?? 0,
    recuperados: recovered?.n ?? 0,
    carritos: carts.map(({ cart, nombre, apellido, email }) => ({
      id_carrito: cart.id,
      id_usuario: cart.id_usuario,
      // A guest's cart: the name and e-mail typed at checkout.
      nombre: cart.id_usuario === null ? (cart.nombre_invitado ?? '') : `${nombre} ${apellido}`,
      email: email ?? cart.email_invitado ?? '',
      unidades: cart.lineas.reduce((n, line) => n + line.cantidad, 0),
      desde: (cart.desde ?? cart.actualizado).toISOString(),
      actualizado: cart.actualizado.toISOString(),
      recordado: cart.recordado?.toISOString() ?? null,
    })),
  };
}
