import { type calificacionSchema, isActiveOrder, type ProductRatings, type Rating } from '@vitrina/shared';
import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { detalleVenta, motivoCalificacion, usuario, venta } from '../../db/schema';
import { dayOf } from '../../db/shop-days';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { countRating, getVisibleProduct } from '../catalog';
import { markLineRated } from '../orders';

const ALREADY_RATED = 'Ya calificaste esta compra.';
const author = (nombre: string, apellido: string) => `${nombre} ${apellido.charAt(0)}.`;

/**
 * The visible opinions of a product, newest first, signed with the buyer's first name and initial, each
 * with the day it was written in `timeZone`.
 */
export async function listProductRatings(
  db: Db,
  idProducto: number,
  timeZone: string,
): Promise<ProductRatings> {
  const product = await getVisibleProduct(db, idProducto);
  const rows = await db
    .select({
      id_motivo_calificacion: motivoCalificacion.id_motivo_calificacion,
      descripcion_motivo: motivoCalificacion.descripcion_motivo,
      valor_calificacion: motivoCalificacion.valor_calificacion,
      id_producto: motivoCalificacion.id_producto,
      created_at: motivoCalificacion.created_at,
      dia: dayOf(motivoCalificacion.created_at, timeZone),
      nombre: usuario.primer_nombre,
      apellido: usuario.primer_apellido,
    })
    .from(motivoCalificacion)
    .innerJoin(usuario, eq(usuario.id_usuario, motivoCalificacion.id_usuario))
    .where(and(eq(motivoCalificacion.id_producto, idProducto), eq(motivoCalificacion.estado, true)))
    .orderBy(desc(motivoCalificacion.created_at), desc(motivoCalificacion.id_motivo_calificacion));
  return {
    items: rows.map(({ created_at, nombre, apellido, ...rating }) => ({
      ...rating,
      autor: author(nombre, apellido),
      fecha: created_at.toISOString(),
    })),
    promedio: product.calificacion_promedio,
    total: product.calificaciones_total,
  };
}

/**
 * POST /api/products/:id/calificacion: the buyer rates a line of a paid sale, once. The rating, the line's
 * `comentado` flag and the product's running sum and count change together or not at all.
 */
export async function rateSaleLine(
  db: Db,
  buyer: { id_usuario: number; primer_nombre: string; primer_apellido: string },
  idProducto: number,
  input: z.output<typeof calificacionSchema>,
  timeZone: string,
): Promise<Rating> {
  const [line] = await db
    .select({
      id_producto: detalleVenta.id_producto,
      comentado: detalleVenta.comentado,
      id_usuario: venta.id_usuario,
      estado: venta.estado,
    })
    .from(detalleVenta)
    .innerJoin(venta, eq(venta.id_venta, detalleVenta.id_venta))
    .where(eq(detalleVenta.id_detalle_venta, input.id_detalle_venta));
  if (!line) throw notFound('La compra no existe.');
  if (line.id_usuario !== buyer.id_usuario) throw forbidden('Solo puedes calificar tus propias compras.');
  if (line.id_producto !== idProducto) {
    throw badRequest('Esa compra no corresponde a este producto.', {
      id_detalle_venta: 'Esa compra no corresponde a este producto.',
    });
  }
  // A cancelled or refunded order is no longer a purchase to rate.
  if (!isActiveOrder(line.estado)) throw conflict('Solo puedes calificar compras pagadas.');
  if (line.comentado) throw conflict(ALREADY_RATED);

  const rating = await db.transaction(async (tx) => {
    // Of two submissions racing for one line, only the first marks it and rates it.
    if (!(await markLineRated(tx, input.id_detalle_venta))) throw conflict(ALREADY_RATED);
    const [row] = await tx
      .insert(motivoCalificacion)
      .values({
        descripcion_motivo: input.descripcion_motivo,
        valor_calificacion: input.valor_calificacion,
        id_producto: idProducto,
        id_usuario: buyer.id_usuario,
        id_detalle_venta: input.id_detalle_venta,
      })
      .returning({
        ...getTableColumns(motivoCalificacion),
        dia: dayOf(motivoCalificacion.created_at, timeZone),
      });
    await countRating(tx, idProducto, input.valor_calificacion);
    return row;
  });
  if (!rating) throw new Error('rating not recorded');
  return {
    id_motivo_calificacion: rating.id_motivo_calificacion,
    descripcion_motivo: rating.descripcion_motivo,
    valor_calificacion: rating.valor_calificacion,
    id_producto: rating.id_producto,
    autor: author(buyer.primer_nombre, buyer.primer_apellido),
    fecha: rating.created_at.toISOString(),
    dia: rating.dia,
  };
}
