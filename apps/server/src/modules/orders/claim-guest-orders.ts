import { GUEST_MESSAGES } from '@vitrina/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { venta } from '../../db/schema';
import { badRequest } from '../../errors';
import type { UserRow } from '../../plugins/auth';
import { claimGuestOrdersMail, queueMail, type ShopIdentity } from '../mail';
import { currentShop } from '../settings';
import { claimToken, isClaimToken } from './order-links';

/*
 * An account takes the orders bought without an account with its e-mail (decision 085) only through a
 * link mailed to that e-mail: the shop does not verify the e-mails of new accounts, so signing up with an
 * address proves nothing, and reading its mailbox does.
 */

const guestOrdersOf = (email: string) => and(isNull(venta.id_usuario), eq(venta.email_invitado, email));

/**
 * POST /api/pedidos/reclamar: mails the account the link that claims its e-mail's guest orders, if there
 * are any. The answer is the same either way.
 */
export async function requestClaim(db: Db, user: UserRow, base: ShopIdentity): Promise<void> {
  const [some] = await db
    .select({ id: venta.id_venta })
    .from(venta)
    .where(guestOrdersOf(user.email))
    .limit(1);
  if (!some) return;
  const shop = await currentShop(db, base);
  const token = claimToken(shop.linkSecret, user.id_usuario, user.email);
  await db.transaction((tx) =>
    queueMail(
      tx,
      claimGuestOrdersMail(user.email, {
        shopName: shop.shopName,
        logoUrl: shop.logoUrl,
        publicUrl: shop.publicUrl,
        name: user.primer_nombre,
        claimUrl: `${shop.publicUrl}/historial-de-compra?reclamar=${token}`,
      }),
    ),
  );
}

/** What else moves with the claimed orders, in the claim's transaction (the ratings given through their links). */
export type AlsoClaim = (tx: Tx, idUsuario: number) => Promise<void>;

/**
 * POST /api/pedidos/reclamar/confirmar: the claim link's token, for this account and its e-mail as it is
 * now, moves every guest order of that e-mail to the account. Answers how many moved (0 when the link was
 * already used).
 */
export async function claimGuestOrders(
  db: Db,
  user: UserRow,
  { linkSecret, token, alsoClaim }: { linkSecret: string; token: string; alsoClaim?: AlsoClaim | undefined },
): Promise<number> {
  if (!isClaimToken(linkSecret, user.id_usuario, user.email, token))
    throw badRequest(GUEST_MESSAGES.claimInvalid);
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(venta)
      .set({ id_usuario: user.id_usuario, email_invitado: null })
      .where(guestOrdersOf(user.email))
      .returning({ id: venta.id_venta });
    if (moved.length > 0) await alsoClaim?.(tx, user.id_usuario);
    return moved.length;
  });
}
