import {
  type AbandonedCartsPage,
  type AbandonedCartsQuery,
  formatOrderNumber,
  fromCents,
  type SavedCartLine,
  toCents,
} from '@vitrina/shared';
import { and, count, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { carrito, carritoRecordatorio, usuario, venta } from '../../db/schema';
import { priceSavedCarts } from './saved-cart-lines';

/**
 * GET /api/admin/carritos/olvidados: one list of the carts, accounts' and guests', resting with items past
 * `afterMs` (reminded or not) and of the carts a reminder recovered (the order that followed emptied them,
 * so only the reminder remembers them), latest change first, a page at a time.
 */
export async function listAbandonedCarts({
  db,
  afterMs,
  query,
}: {
  db: Db;
  afterMs: number;
  query: AbandonedCartsQuery;
}): Promise<AbandonedCartsPage> {
  const resting = and(isNotNull(carrito.desde), lte(carrito.actualizado, new Date(Date.now() - afterMs)));
  const recovered = isNotNull(carritoRecordatorio.id_venta);
  // An account's name and e-mail, or a guest's typed at checkout (a recovered guest's, the order's name).
  const accountName = sql`${usuario.primer_nombre} || ' ' || ${usuario.primer_apellido}`;
  const email = sql<string>`coalesce(${usuario.email}, ${carrito.email_invitado})`.as('email');
  const cartId = sql<number>`${carrito.id}`.as('id_carrito');
  const restingCarts = db
    .select({
      id_carrito: cartId,
      id_usuario: carrito.id_usuario,
      nombre: sql<string>`coalesce(${accountName}, ${carrito.nombre_invitado}, '')`.as('nombre'),
      email,
      lineas: sql<SavedCartLine[] | null>`${carrito.lineas}`.as('lineas'),
      unidades: sql<number | null>`null::integer`.as('unidades'),
      total: sql<string | null>`null::numeric`.as('total'),
      actualizado: carrito.actualizado,
      recordado: carrito.recordado,
      sin_recordatorios: carrito.sin_recordatorios,
      id_venta: sql<number | null>`null::integer`.as('id_venta'),
      numero_pedido: sql<number | null>`null::integer`.as('numero_pedido'),
    })
    .from(carrito)
    .leftJoin(usuario, eq(usuario.id_usuario, carrito.id_usuario))
    .where(resting);
  const recoveredCarts = db
    .select({
      id_carrito: cartId,
      id_usuario: carrito.id_usuario,
      nombre:
        sql<string>`coalesce(${accountName}, ${venta.nombre_invitado}, ${carrito.nombre_invitado}, '')`.as(
          'nombre',
        ),
      email,
      lineas: sql<null>`null::jsonb`.as('lineas'),
      unidades: carritoRecordatorio.unidades,
      total: venta.valor_total_venta,
      actualizado: venta.fecha,
      recordado: carritoRecordatorio.enviado,
      sin_recordatorios: sql<boolean>`false`.as('sin_recordatorios'),
      id_venta: carritoRecordatorio.id_venta,
      numero_pedido: venta.numero_pedido,
    })
    .from(carritoRecordatorio)
    .innerJoin(carrito, eq(carrito.id, carritoRecordatorio.id_carrito))
    .leftJoin(usuario, eq(usuario.id_usuario, carrito.id_usuario))
    .innerJoin(venta, eq(venta.id_venta, carritoRecordatorio.id_venta))
    .where(recovered);
  const [rows, [restingCount], [recoveredCount]] = await Promise.all([
    unionAll(restingCarts, recoveredCarts)
      .orderBy(desc(sql`actualizado`), desc(sql`id_carrito`), desc(sql`id_venta`))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(carrito).where(resting),
    db.select({ n: count() }).from(carritoRecordatorio).where(recovered),
  ]);
  // A resting cart is valued as its reminder quotes it: today's price of each line's variant.
  const priced = await priceSavedCarts(
    db,
    rows.map((row) => row.lineas ?? []),
  );
  return {
    items: rows.map((row, i) => {
      const lines = row.lineas ?? [];
      const cents =
        row.total === null
          ? (priced[i] ?? []).reduce((sum, line) => sum + line.unitCents * line.cantidad, 0)
          : toCents(row.total);
      return {
        id_carrito: row.id_carrito,
        id_usuario: row.id_usuario,
        nombre: row.nombre,
        email: row.email,
        unidades: row.unidades ?? lines.reduce((n, line) => n + line.cantidad, 0),
        valor: fromCents(cents),
        actualizado: new Date(row.actualizado).toISOString(),
        recordado: row.recordado === null ? null : new Date(row.recordado).toISOString(),
        sin_recordatorios: row.sin_recordatorios,
        id_venta: row.id_venta,
        numero_pedido: row.numero_pedido === null ? null : formatOrderNumber(row.numero_pedido),
      };
    }),
    total: (restingCount?.n ?? 0) + (recoveredCount?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
