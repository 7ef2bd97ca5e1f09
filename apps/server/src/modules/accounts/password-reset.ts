import { PASSWORD_RESET_MESSAGES, PASSWORD_RESET_MINUTES, type PasswordResetInput } from '@vitrina/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recuperacionPassword, usuario } from '../../db/schema';
import { badRequest } from '../../errors';
import {
  googleAccountResetMail,
  passwordChangedMail,
  passwordResetMail,
  queueMail,
  type ShopIdentity,
} from '../mail';
import { clearFailures, countRecoveryRequest, hashToken, newSecretToken, revokeSessions } from '../sessions';
import { hashPassword } from './password-hash';
import { findUserByEmail } from './service';

/*
 * Password recovery (docs/decisions/053-password-recovery.md): a single-use link valid for an hour, sent by
 * e-mail; only the token's hash is stored. Asking never tells whether the e-mail has an account: the answer
 * and the rate limit are the same for every address.
 */

/**
 * POST /api/usuario/recuperar: counts the request, then queues the link for an account with a password,
 * or a note to use Google for an account without one. Nothing is sent to an unknown or banned address.
 */
export async function requestPasswordReset(
  db: Db,
  { email, ip }: { email: string; ip: string },
  shop: ShopIdentity,
): Promise<void> {
  await countRecoveryRequest(db, email, ip);
  const user = await findUserByEmail(db, email);
  if (!user?.estado) return;
  const data = { ...shop, name: user.primer_nombre };
  if (!user.password_hash) {
    await db.transaction((tx) => queueMail(tx, googleAccountResetMail(user.email, data)));
    return;
  }
  const { token, hash } = newSecretToken();
  await db.transaction(async (tx) => {
    await tx.insert(recuperacionPassword).values({
      token_hash: hash,
      id_usuario: user.id_usuario,
      expira: new Date(Date.now() + PASSWORD_RESET_MINUTES * 60_000),
    });
    // The token travels in the fragment: browsers never send it to a server, so no log records it.
    const resetUrl = `${shop.publicUrl}/restablecer#token=${token}`;
    await queueMail(tx, passwordResetMail(user.email, { ...data, resetUrl }));
  });
}

/**
 * POST /api/usuario/restablecer: spends the link (one winner if it is used twice at once), sets the new
 * password, ends every session of the account, lifts its sign-in lock and announces the change.
 */
export async function resetPassword(db: Db, input: PasswordResetInput, shop: ShopIdentity): Promise<void> {
  const password_hash = await hashPassword(input.password);
  const email = await db.transaction(async (tx) => {
    const [link] = await tx
      .update(recuperacionPassword)
      .set({ usado: new Date() })
      .where(
        and(
          eq(recuperacionPassword.token_hash, hashToken(input.token)),
          isNull(recuperacionPassword.usado),
          gt(recuperacionPassword.expira, new Date()),
        ),
      )
      .returning();
    if (!link) throw badRequest(PASSWORD_RESET_MESSAGES.invalidLink);
    const [user] = await tx
      .update(usuario)
      .set({ password_hash })
      .where(and(eq(usuario.id_usuario, link.id_usuario), eq(usuario.estado, true)))
      .returning();
    if (!user) throw badRequest(PASSWORD_RESET_MESSAGES.invalidLink);
    // Any other link of the account stops working with this one.
    await tx
      .update(recuperacionPassword)
      .set({ usado: new Date() })
      .where(and(eq(recuperacionPassword.id_usuario, user.id_usuario), isNull(recuperacionPassword.usado)));
    await revokeSessions(tx, user.id_usuario);
    await queueMail(tx, passwordChangedMail(user.email, { ...shop, name: user.primer_nombre }));
    return user.email;
  });
  // Whoever holds the e-mail proved it: a lock from someone else's guesses no longer stands in the way.
  await clearFailures(db, email);
}
