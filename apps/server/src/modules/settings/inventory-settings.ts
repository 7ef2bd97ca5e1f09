import { DEFAULT_LOW_STOCK, type InventorySettings } from '@vitrina/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { ajustes } from '../../db/schema';
import { auditSettings, upsertSettingsRow } from './settings-row';

/** The shop's low-stock threshold, for variants without their own (decision 090). */
export async function readInventorySettings(db: Db | Tx): Promise<InventorySettings> {
  const [row] = await db
    .select({ stock_minimo: ajustes.stock_minimo })
    .from(ajustes)
    .where(eq(ajustes.id, 1));
  return { stock_minimo: row?.stock_minimo ?? DEFAULT_LOW_STOCK };
}

/** PUT /api/ajustes/inventario: the owner's default threshold, audited. */
export async function saveInventorySettings(
  db: Db,
  { adminId, input }: { adminId: number; input: InventorySettings },
): Promise<InventorySettings> {
  return db.transaction(async (tx) => {
    const before = await readInventorySettings(tx);
    await upsertSettingsRow(tx, { stock_minimo: input.stock_minimo });
    await auditSettings(tx, { adminId, antes: before, despues: input });
    return input;
  });
}
