import type { GuestCheckoutSettings } from '@vitrina/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { ajustes } from '../../db/schema';
import { auditSettings, upsertSettingsRow } from './settings-row';

/** Whether visitors may buy without an account (decision 085): on until the owner switches it off. */
export const toGuestCheckout = (row: { compra_invitado: boolean } | undefined): GuestCheckoutSettings => ({
  compra_invitado: row?.compra_invitado ?? true,
});

export async function readGuestCheckout(db: Db | Tx): Promise<GuestCheckoutSettings> {
  const [row] = await db
    .select({ compra_invitado: ajustes.compra_invitado })
    .from(ajustes)
    .where(eq(ajustes.id, 1));
  return toGuestCheckout(row);
}

/** PUT /api/ajustes/invitados: the owner's choice, audited. */
export async function saveGuestCheckout(
  db: Db,
  { adminId, input }: { adminId: number; input: GuestCheckoutSettings },
): Promise<GuestCheckoutSettings> {
  return db.transaction(async (tx) => {
    const before = await readGuestCheckout(tx);
    await upsertSettingsRow(tx, { compra_invitado: input.compra_invitado });
    await auditSettings(tx, { adminId, antes: before, despues: input });
    return input;
  });
}
