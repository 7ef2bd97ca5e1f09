import { type CurrencyCode, formatOrderNumber } from '@vitrina/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type auditoria,
  categoriaProducto,
  detalleVenta,
  motivoCalificacion,
  producto,
  usuario,
  venta,
} from '../../db/schema';

/*
 * The names the trail's entries refer to by id, looked up when the trail is read
 * (docs/decisions/051-audit-trail-names-when-read.md). Like the dashboard, this is a report: it reads the
 * tables of the modules that own them and never writes them.
 */

type EntryRow = typeof auditoria.$inferSelect;

/** Each map goes from an id to the words the owner knows it by. */
export interface EntryNames {
  /** SHOP_CURRENCY: how its amounts are written. */
  currency: CurrencyCode;
  /** id_producto → 'Silla Nórdica'. */
  products: Map<number, string>;
  /** id_categoria_producto → 'Muebles'. */
  categories: Map<number, string>;
  /** id_usuario → 'Ana Pérez (ana@example.com)'. */
  users: Map<number, string>;
  /** id_motivo_calificacion → its author and product: 'Ana Pérez', 'Silla Nórdica'. */
  ratings: Map<number, { autor: string; producto: string }>;
  /** id_venta → 'V-000012' (null: never paid, so never numbered). */
  orders: Map<number, string | null>;
  /** id_detalle_venta → the name of the product of that order line. */
  orderLines: Map<number, string>;
}

const idsOf = (entries: readonly EntryRow[], entidad: string) => [
  ...new Set(entries.flatMap((e) => (e.entidad === entidad && e.id_entidad !== null ? [e.id_entidad] : []))),
];

/** The values of `key` in the entries' before and after snapshots. */
const valuesOf = (entries: readonly EntryRow[], key: string): unknown[] =>
  entries.flatMap((e) =>
    [e.antes, e.despues].flatMap((side) =>
      side !== null && typeof side === 'object' && key in side
        ? [(side as Record<string, unknown>)[key]]
        : [],
    ),
  );

/** The items of the lists under `key` (a promotion's categorias and productos). */
const listed = (entries: readonly EntryRow[], key: string): unknown[] =>
  valuesOf(entries, key).flatMap((v) => (Array.isArray(v) ? v : []));

const numbers = (values: unknown[]) => [
  ...new Set(values.filter((v): v is number => typeof v === 'number' && Number.isInteger(v))),
];

/** The order lines a refund entry lists ([{ id_detalle_venta, cantidad }]). */
const lineIds = (values: unknown[]) =>
  numbers(
    values.flatMap((v) =>
      Array.isArray(v) ? v.map((l: unknown) => (l as { id_detalle_venta?: unknown })?.id_detalle_venta) : [],
    ),
  );

const fullName = (u: { nombre: string; apellido: string }) => `${u.nombre} ${u.apellido}`;

/** Everything a page of entries names, in at most six queries (none for a kind the page does not hold). */
export async function entryNames(
  db: Db,
  entries: readonly EntryRow[],
  currency: CurrencyCode,
): Promise<EntryNames> {
  const when = <T>(ids: number[], query: (ids: number[]) => Promise<T[]>) =>
    ids.length === 0 ? Promise.resolve([]) : query(ids);
  const [products, categories, users, ratings, orders, orderLines] = await Promise.all([
    when([...new Set([...idsOf(entries, 'producto'), ...numbers(listed(entries, 'productos'))])], (ids) =>
      db
        .select({ id: producto.id_producto, name: producto.nombre })
        .from(producto)
        .where(inArray(producto.id_producto, ids)),
    ),
    when(numbers([...valuesOf(entries, 'id_categoria_producto'), ...listed(entries, 'categorias')]), (ids) =>
      db
        .select({
          id: categoriaProducto.id_categoria_producto,
          name: categoriaProducto.nombre_categoria_producto,
        })
        .from(categoriaProducto)
        .where(inArray(categoriaProducto.id_categoria_producto, ids)),
    ),
    when(idsOf(entries, 'usuario'), (ids) =>
      db
        .select({
          id: usuario.id_usuario,
          nombre: usuario.primer_nombre,
          apellido: usuario.primer_apellido,
          email: usuario.email,
        })
        .from(usuario)
        .where(inArray(usuario.id_usuario, ids)),
    ),
    when(idsOf(entries, 'calificacion'), (ids) =>
      db
        .select({
          id: motivoCalificacion.id_motivo_calificacion,
          nombre: usuario.primer_nombre,
          apellido: usuario.primer_apellido,
          invitado: venta.nombre_invitado,
          producto: producto.nombre,
        })
        .from(motivoCalificacion)
        // A guest's rating has no account: its author is who bought the order (decision 093).
        .leftJoin(usuario, eq(usuario.id_usuario, motivoCalificacion.id_usuario))
        .innerJoin(detalleVenta, eq(detalleVenta.id_detalle_venta, motivoCalificacion.id_detalle_venta))
        .innerJoin(venta, eq(venta.id_venta, detalleVenta.id_venta))
        .innerJoin(producto, eq(producto.id_producto, motivoCalificacion.id_producto))
        .where(inArray(motivoCalificacion.id_motivo_calificacion, ids)),
    ),
    when(idsOf(entries, 'pedido'), (ids) =>
      db
        .select({ id: venta.id_venta, numero: venta.numero_pedido })
        .from(venta)
        .where(inArray(venta.id_venta, ids)),
    ),
    when(lineIds(valuesOf(entries, 'lineas')), (ids) =>
      db
        .select({ id: detalleVenta.id_detalle_venta, name: producto.nombre })
        .from(detalleVenta)
        .innerJoin(producto, eq(producto.id_producto, detalleVenta.id_producto))
        .where(inArray(detalleVenta.id_detalle_venta, ids)),
    ),
  ]);
  return {
    currency,
    products: new Map(products.map((p) => [p.id, p.name])),
    categories: new Map(categories.map((c) => [c.id, c.name])),
    users: new Map(users.map((u) => [u.id, `${fullName(u)} (${u.email})`])),
    ratings: new Map(
      ratings.map((r) => [
        r.id,
        {
          autor:
            r.nombre === null
              ? (r.invitado ?? '')
              : fullName({ nombre: r.nombre, apellido: r.apellido ?? '' }),
          producto: r.producto,
        },
      ]),
    ),
    orders: new Map(orders.map((o) => [o.id, o.numero === null ? null : formatOrderNumber(o.numero)])),
    orderLines: new Map(orderLines.map((l) => [l.id, l.name])),
  };
}
