import type { AdminRating, AdminRatingPage, AdminRatingQuery } from '@vitrina/shared';
import { count, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { detalleVenta, motivoCalificacion, producto, usuario, venta } from '../../db/schema';
import { notFound } from '../../errors';
import { recordAudit } from '../audit';
import { countRating, uncountRating } from '../catalog';

/*
 * Ratings administration (SPEC §2 "Ratings", §4: "admin delete hides it"). A hidden rating stays in the
 * database (the buyer's line stays rated, so it cannot be rated again) but no longer shows nor counts.
 */

const NO_RATING = 'La calificación no existe.';

const columns = {
  id_motivo_calificacion: motivoCalificacion.id_motivo_calificacion,
  valor_calificacion: motivoCalificacion.valor_calificacion,
  descripcion_motivo: motivoCalificacion.descripcion_motivo,
  estado: motivoCalificacion.estado,
  created_at: motivoCalificacion.created_at,
  id_producto: motivoCalificacion.id_producto,
  id_detalle_venta: motivoCalificacion.id_detalle_venta,
  producto: producto.nombre,
  id_usuario: usuario.id_usuario,
  nombre: usuario.primer_nombre,
  apellido: usuario.primer_apellido,
  email: usuario.email,
  // A guest's rating has no account: its author is who bought the order (decision 093).
  invitado: venta.nombre_invitado,
  email_invitado: venta.email_invitado,
};

function selectRatings(db: Db | Tx) {
  return db
    .select(columns)
    .from(motivoCalificacion)
    .innerJoin(producto, eq(producto.id_producto, motivoCalificacion.id_producto))
    .leftJoin(usuario, eq(usuario.id_usuario, motivoCalificacion.id_usuario))
    .innerJoin(detalleVenta, eq(detalleVenta.id_detalle_venta, motivoCalificacion.id_detalle_venta))
    .innerJoin(venta, eq(venta.id_venta, detalleVenta.id_venta));
}

type RatingRow = Awaited<ReturnType<typeof selectRatings>>[number];

function toAdminRating({
  created_at,
  id_usuario,
  nombre,
  apellido,
  email,
  invitado,
  email_invitado,
  ...rating
}: RatingRow): AdminRating {
  return {
    ...rating,
    fecha: created_at.toISOString(),
    autor:
      nombre === null
        ? { id_usuario: null, nombre: `${invitado ?? ''} (sin cuenta)`, email: email_invitado ?? '' }
        : { id_usuario, nombre: `${nombre} ${apellido}`, email: email ?? '' },
  };
}

/** Every rating, newest first, with its product and author. */
export async function listAllRatings(db: Db, query: AdminRatingQuery): Promise<AdminRatingPage> {
  const where = query.estado === undefined ? undefined : eq(motivoCalificacion.estado, query.estado);
  const [rows, [totalRow]] = await Promise.all([
    selectRatings(db)
      .where(where)
      .orderBy(desc(motivoCalificacion.created_at), desc(motivoCalificacion.id_motivo_calificacion))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(motivoCalificacion).where(where),
  ]);
  return {
    items: rows.map(toAdminRating),
    total: totalRow?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Hides a rating (`visible` false) or shows it again (true): it leaves or comes back to the product's page
 * and its average, in the same transaction as the product's running sum and count and the audit row.
 * Hiding a hidden rating, or restoring a visible one, changes nothing.
 */
export async function setRatingVisible(
  db: Db,
  adminId: number,
  id: number,
  visible: boolean,
): Promise<AdminRating> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(motivoCalificacion)
      .where(eq(motivoCalificacion.id_motivo_calificacion, id))
      .for('update');
    if (!before) throw notFound(NO_RATING);
    if (before.estado !== visible) {
      await tx
        .update(motivoCalificacion)
        .set({ estado: visible })
        .where(eq(motivoCalificacion.id_motivo_calificacion, id));
      await (visible ? countRating : uncountRating)(tx, before.id_producto, before.valor_calificacion);
      await recordAudit(tx, {
        id_usuario: adminId,
        accion: visible ? 'calificacion.restaurada' : 'calificacion.ocultada',
        id_entidad: id,
        antes: {
          estado: before.estado,
          id_producto: before.id_producto,
          valor_calificacion: before.valor_calificacion,
        },
        despues: { estado: visible },
      });
    }
    const [row] = await selectRatings(tx).where(eq(motivoCalificacion.id_motivo_calificacion, id));
    if (!row) throw notFound(NO_RATING);
    return toAdminRating(row);
  });
}
