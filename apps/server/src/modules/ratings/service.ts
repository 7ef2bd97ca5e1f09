import type { ProductRatings } from '@vitrina/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { motivoCalificacion, usuario } from '../../db/schema';
import { getVisibleProduct } from '../catalog/service';

/** The visible opinions of a product, newest first, signed with the buyer's first name and initial. */
export async function listProductRatings(db: Db, idProducto: number): Promise<ProductRatings> {
  const product = await getVisibleProduct(db, idProducto);
  const rows = await db
    .select({
      id_motivo_calificacion: motivoCalificacion.id_motivo_calificacion,
      descripcion_motivo: motivoCalificacion.descripcion_motivo,
      valor_calificacion: motivoCalificacion.valor_calificacion,
      id_producto: motivoCalificacion.id_producto,
      created_at: motivoCalificacion.created_at,
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
      autor: `${nombre} ${apellido.charAt(0)}.`,
      fecha: created_at.toISOString(),
    })),
    promedio: product.calificacion_promedio,
    total: product.calificaciones_total,
  };
}
