import type { ShopNotices } from '@vitrina/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { ajustes } from '../../db/schema';
import { auditSettings, upsertSettingsRow } from './settings-row';

/** The notices choice of the settings row, `undefined` or nulls when never saved: one e-mail per order. */
export const toShopNotices = (row: { resumen_diario: boolean | null } | undefined): ShopNotices => ({
  resumen_diario: row?.resumen_diario ?? false,
});

/** How the shop hears of paid orders (decision 083): one e-mail each, or one summary a day. */
export async function readShopNotices(db: Db | Tx): Promise<ShopNotices> {
  const [row] = await db
    .select({ resumen_diario: ajustes.resumen_diario })
    .from(ajustes)
    .where(eq(ajustes.id, 1));
  return toShopNotices(row);
}

/** PUT /api/ajustes/avisos: the owner's choice, audited. */
export async function saveShopNotices(
  db: Db,
  { adminId, input }: { adminId: number; input: ShopNotices },
): Promise<ShopNotices> {
  return db.transaction(async (tx) => {
    const before = await readShopNotices(tx);
    await upsertSettingsRow(tx, { resumen_diario: input.resumen_diario });
    await auditSettings(tx, { adminId, antes: before, despues: input });
    return input;
  });
}
