import { AJUSTES_DEFAULT, type Ajustes, centsToDecimal, fromCents, toCents } from '@vitrina/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { ajustes } from '../../db/schema';
import { recordAudit } from '../audit';

/*
 * The shop's settings (the one row of `ajustes`): the shipping rate and the free-shipping threshold.
 * Checkout reads them inside the sale's transaction, so a sale's shipping is the rule in force when it
 * was placed; the cart shows the same rule from GET /api/ajustes (shared shippingCents).
 */

type Row = typeof ajustes.$inferSelect;

const toAjustes = (row: Row | undefined): Ajustes =>
  row
    ? {
        envio_tarifa: fromCents(toCents(row.envio_tarifa)),
        envio_gratis_desde:
          row.envio_gratis_desde === null ? null : fromCents(toCents(row.envio_gratis_desde)),
      }
    : AJUSTES_DEFAULT;

export async function readSettings(db: Db | Tx): Promise<Ajustes> {
  const [row] = await db.select().from(ajustes).where(eq(ajustes.id, 1));
  return toAjustes(row);
}

/** PUT /api/ajustes: replaces both values and records the change in the audit trail. */
export async function saveSettings(db: Db, adminId: number, input: Ajustes): Promise<Ajustes> {
  return db.transaction(async (tx) => {
    const before = await readSettings(tx);
    const values = {
      envio_tarifa: centsToDecimal(toCents(input.envio_tarifa)),
      envio_gratis_desde:
        input.envio_gratis_desde === null ? null : centsToDecimal(toCents(input.envio_gratis_desde)),
      actualizado: new Date(),
    };
    const [row] = await tx
      .insert(ajustes)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: ajustes.id, set: values })
      .returning();
    const after = toAjustes(row);
    await recordAudit(tx, {
      id_usuario: adminId,
      accion: 'ajustes.editados',
      id_entidad: 1,
      antes: { ...before },
      despues: { ...after },
    });
    return after;
  });
}
