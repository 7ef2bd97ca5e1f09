import type { ShopNotices } from '@vitrina/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { ajustes } from '../../db/schema';
import { recordAudit } from '../audit';

/** How the shop hears of paid orders (decision 083): one e-mail each, or one summary a day. */
export async function readShopNotices(db: Db | Tx): Promise<ShopNotices> {
  const [row] = await db
    .select({ resumen_diario: ajustes.resumen_diario })
    .from(ajustes)
    .where(eq(ajustes.id, 1));
  return { resumen_diario: row?.resumen_diario ?? false };
}

/** PUT /api/ajustes/avisos: the owner's choice, audited. */
export async function saveShopNotices(
  db: Db,
  { adminId, input }: { adminId: number; input: ShopNotices },
): Promise<ShopNotices> {
  return db.transaction(async (tx) => {
    const before = await readShopNotices(tx);
    const values = { resumen_diario: input.resumen_diario, actualizado: new Date() };
    await tx
      .insert(ajustes)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: ajustes.id, set: values });
    await recordAudit(tx, {
      id_usuario: adminId,
      accion: 'ajustes.editados',
      id_entidad: 1,
      antes: before,
      despues: input,
    });
    return input;
  });
}
