import {
  type calificacionSchema,
  isActiveOrder,
  type ProductRatings,
  type Rating,
  ratingAuthor,
} from '@vitrina/shared';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { detalleVenta, motivoCalificacion, usuario, venta } from '../../db/schema';
import { dayOf } from '../../db/shop-days';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { countRating, getVisibleProduct } from '../catalog';
import { markLineRated } from '../orders';

const ALREADY_RATED = 'Ya calificaste esta compra.';
const NOT_IN_ORDER = 'Ese producto no está en este pedido.';

/**
 * Opinions with their author: the rating's account, or — rated through a guest order's signed link — the
 * name the guest bought with (decision 093).
 */
function selectOpinions(db: Db | Tx, timeZone: string) {
  return db
    .select({
      id_motivo_calificacion: motivoCalificacion.id_motivo_calificacion,
      descripcion_motivo: motivoCalificacion.descripcion_motivo,
      valor_calificacion: motivoCalificacion.valor_calificacion,
      id_producto: motivoCalificacion.id_producto,
      created_at: motivoCalificacion.created_at,
      dia: dayOf(motivoCalificacion.created_at, timeZone),
      nombre: usuario.primer_nombre,
      apellido: usuario.primer_apellido,
      invitado: venta.nombre_invitado,
    })
    .from(motivoCalificacion)
    .leftJoin(usuario, eq(usuario.id_usuario, motivoCalificacion.id_usuario))
    .innerJoin(detalleVenta, eq(detalleVenta.id_detalle_venta, motivoCalificacion.id_detalle_venta))
    .innerJoin(venta, eq(venta.id_venta, detalleVenta.id_venta));
}

const toRating = ({
  created_at,
  nombre,
  apellido,
  invitado,
  ...rating
}: Awaited<ReturnType<typeof selectOpinions>>[number]): Rating => ({
  ...rating,
  autor: ratingAuthor({ nombre, apellido }, invitado),
  fecha: created_at.toISOString(),
});

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
  const rows = await selectOpinions(db, timeZone)
    .where(and(eq(motivoCalificacion.id_producto, idProducto), eq(motivoCalificacion.estado, true)))
    .orderBy(desc(motivoCalificacion.created_at), desc(motivoCalificacion.id_motivo_calificacion));
  return {
    items: rows.map(toRating),
    promedio: product.calificacion_promedio,
    total: product.calificaciones_total,
  };
}

/** A bought line and its order, as rating it needs them. */
async function findLine(db: Db, idDetalleVenta: number) {
  const [line] = await db
    .select({
      id_producto: detalleVenta.id_producto,
      comentado: detalleVenta.comentado,
      id_venta: venta.id_venta,
      id_usuario: venta.id_usuario,
      estado: venta.estado,
    })
    .from(detalleVenta)
    .innerJoin(venta, eq(venta.id_venta, detalleVenta.id_venta))
    .where(eq(detalleVenta.id_detalle_venta, idDetalleVenta));
  return line;
}

type Line = NonNullable<Awaited<ReturnType<typeof findLine>>>;

/**
 * Rates a line for its order's buyer (an account, or a guest: no account), once. The rating, the line's
 * `comentado` flag and the product's running sum and count change together or not at all.
 */
async function rateLine(
  db: Db,
  line: Line,
  input: z.output<typeof calificacionSchema>,
  timeZone: string,
): Promise<Rating> {
  // A cancelled or refunded order is no longer a purchase to rate.
  if (!isActiveOrder(line.estado)) throw conflict('Solo puedes calificar compras pagadas.');
  if (line.comentado) throw conflict(ALREADY_RATED);
  return db.transaction(async (tx) => {
    // Of two submissions racing for one line, only the first marks it and rates it.
    if (!(await markLineRated(tx, input.id_detalle_venta))) throw conflict(ALREADY_RATED);
    const [row] = await tx
      .insert(motivoCalificacion)
      .values({
        descripcion_motivo: input.descripcion_motivo,
        valor_calificacion: input.valor_calificacion,
        id_producto: line.id_producto,
        id_usuario: line.id_usuario,
        id_detalle_venta: input.id_detalle_venta,
      })
      .returning({ id: motivoCalificacion.id_motivo_calificacion });
    await countRating(tx, line.id_producto, input.valor_calificacion);
    const [rating] = await selectOpinions(tx, timeZone).where(
      eq(motivoCalificacion.id_motivo_calificacion, row?.id ?? 0),
    );
    if (!rating) throw new Error('rating not recorded');
    return toRating(rating);
  });
}

/**
 * POST /api/products/:id/calificacion: the signed-in buyer rates a line of a paid sale of theirs, once.
 */
export async function rateSaleLine(
  db: Db,
  buyer: { id_usuario: number },
  idProducto: number,
  input: z.output<typeof calificacionSchema>,
  timeZone: string,
): Promise<Rating> {
  const line = await findLine(db, input.id_detalle_venta);
  if (!line) throw notFound('La compra no existe.');
  if (line.id_usuario !== buyer.id_usuario) throw forbidden('Solo puedes calificar tus propias compras.');
  if (line.id_producto !== idProducto) {
    throw badRequest('Esa compra no corresponde a este producto.', {
      id_detalle_venta: 'Esa compra no corresponde a este producto.',
    });
  }
  return rateLine(db, line, input, timeZone);
}

/**
 * POST /api/pedidos/:id/calificaciones?acceso=: whoever holds the order's signed link (its buyer's mailbox,
 * decision 086) rates a line of that order, once, as its buyer — a guest has no account to sign in with.
 */
export async function rateOrderLine(
  db: Db,
  idVenta: number,
  input: z.output<typeof calificacionSchema>,
  timeZone: string,
): Promise<Rating> {
  const line = await findLine(db, input.id_detalle_venta);
  if (line?.id_venta !== idVenta) {
    throw badRequest(NOT_IN_ORDER, { id_detalle_venta: NOT_IN_ORDER });
  }
  return rateLine(db, line, input, timeZone);
}

/**
 * When an account claims its e-mail's guest orders (decision 085), the ratings given through their links
 * become the account's too, in the claim's transaction.
 */
export async function adoptGuestRatings(tx: Tx, idUsuario: number): Promise<void> {
  await tx
    .update(motivoCalificacion)
    .set({ id_usuario: idUsuario })
    .where(
      and(
        isNull(motivoCalificacion.id_usuario),
        inArray(
          motivoCalificacion.id_detalle_venta,
          tx
            .select({ id: detalleVenta.id_detalle_venta })
            .from(detalleVenta)
            .innerJoin(venta, eq(venta.id_venta, detalleVenta.id_venta))
            .where(eq(venta.id_usuario, idUsuario)),
        ),
      ),
    );
}
