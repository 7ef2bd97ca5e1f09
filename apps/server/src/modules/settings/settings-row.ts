import type { Tx } from '../../db/client';
import { ajustes } from '../../db/schema';
import { recordAudit } from '../audit';

type Row = typeof ajustes.$inferSelect;

/** Writes part of the shop's one settings row, creating it on the first save; answers the whole row. */
export async function upsertSettingsRow(
  tx: Tx,
  values: Partial<Omit<typeof ajustes.$inferInsert, 'id' | 'actualizado'>>,
): Promise<Row> {
  const set = { ...values, actualizado: new Date() };
  const [row] = await tx
    .insert(ajustes)
    .values({ id: 1, ...set })
    .onConflictDoUpdate({ target: ajustes.id, set })
    .returning();
  if (!row) throw new Error('the settings row was not written');
  return row;
}

/** Every Ajustes page's save is one 'ajustes.editados' entry of the trail, in the save's transaction. */
export async function auditSettings(
  tx: Tx,
  {
    adminId,
    antes,
    despues,
  }: { adminId: number; antes: Record<string, unknown>; despues: Record<string, unknown> },
): Promise<void> {
  await recordAudit(tx, { id_usuario: adminId, accion: 'ajustes.editados', id_entidad: 1, antes, despues });
}
