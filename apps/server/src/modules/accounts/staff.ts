import {
  type SessionUser,
  STAFF_INVITATION_DAYS,
  STAFF_MESSAGES,
  STAFF_ROLE_LABELS,
  type StaffInvitation,
  type StaffInvite,
  type StaffList,
  type StaffMember,
  type StaffRole,
} from '@vitrina/shared';
import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { invitacionPersonal, usuario } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { UserRow } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { queueMail, type ShopIdentity, staffInvitationMail } from '../mail';
import { hashToken, newSecretToken, revokeSessions } from '../sessions';
import { findUserByEmail } from './service';
import { toSessionUser } from './user-mapper';

/*
 * Staff with roles (docs/decisions/071-staff-roles.md). The owner invites by e-mail with a role; the link
 * (a week, single use, only its hash stored, like password recovery's) is accepted by the account with that
 * e-mail, signed in. Changing a role or revoking it ends the member's sessions at once, as a ban does, so
 * no open tab keeps the old powers.
 */

const invitationDto = (row: typeof invitacionPersonal.$inferSelect): StaffInvitation => ({
  id: row.id,
  email: row.email,
  rol: row.rol,
  expira: row.expira.toISOString(),
});

const memberDto = (row: UserRow & { rol: StaffRole }): StaffMember => ({
  id_usuario: row.id_usuario,
  nombre: `${row.primer_nombre} ${row.primer_apellido}`,
  email: row.email,
  rol: row.rol,
});

/** GET /api/personal: the staff by id, and the invitations still waiting (newest last). */
export async function listStaff(db: Db): Promise<StaffList> {
  const [members, pending] = await Promise.all([
    db.select().from(usuario).where(isNotNull(usuario.rol)).orderBy(asc(usuario.id_usuario)),
    db
      .select()
      .from(invitacionPersonal)
      .where(and(isNull(invitacionPersonal.aceptada), gt(invitacionPersonal.expira, new Date())))
      .orderBy(asc(invitacionPersonal.id)),
  ]);
  return {
    personal: members.flatMap((m) => (m.rol ? [memberDto({ ...m, rol: m.rol })] : [])),
    invitaciones: pending.map(invitationDto),
  };
}

/**
 * POST /api/personal: stores a new invitation for the e-mail (one waiting invitation per address: a new
 * one replaces the last) and queues its e-mail in the same transaction. The owner's own address, a staff
 * member's or a banned account's is refused: there is nothing to invite them to.
 */
export async function inviteStaff(db: Db, invite: StaffInvite, shop: ShopIdentity): Promise<StaffInvitation> {
  const existing = await findUserByEmail(db, invite.email);
  if (existing?.admin) throw badRequest(STAFF_MESSAGES.ownerEmail, { email: STAFF_MESSAGES.ownerEmail });
  if (existing?.rol) throw conflict(STAFF_MESSAGES.alreadyStaff);
  if (existing && !existing.estado) {
    throw badRequest(STAFF_MESSAGES.bannedAccount, { email: STAFF_MESSAGES.bannedAccount });
  }
  const { token, hash } = newSecretToken();
  return db.transaction(async (tx) => {
    await tx
      .delete(invitacionPersonal)
      .where(and(eq(invitacionPersonal.email, invite.email), isNull(invitacionPersonal.aceptada)));
    const [row] = await tx
      .insert(invitacionPersonal)
      .values({
        token_hash: hash,
        email: invite.email,
        rol: invite.rol,
        expira: new Date(Date.now() + STAFF_INVITATION_DAYS * 86_400_000),
      })
      .returning();
    if (!row) throw new Error('invitation not stored');
    // The token travels in the fragment, as the password-reset link's: no server or log ever sees it.
    const acceptUrl = `${shop.publicUrl}/personal/aceptar#token=${token}`;
    await queueMail(
      tx,
      staffInvitationMail(invite.email, {
        ...shop,
        name: existing?.primer_nombre ?? invite.email,
        role: STAFF_ROLE_LABELS[invite.rol],
        acceptUrl,
        days: STAFF_INVITATION_DAYS,
      }),
    );
    return invitationDto(row);
  });
}

/** DELETE /api/personal/invitaciones/:id: a waiting invitation stops working. */
export async function cancelInvitation(db: Db, id: number): Promise<void> {
  const gone = await db
    .delete(invitacionPersonal)
    .where(and(eq(invitacionPersonal.id, id), isNull(invitacionPersonal.aceptada)))
    .returning({ id: invitacionPersonal.id });
  if (gone.length === 0) throw notFound('La invitación no existe o ya fue aceptada.');
}

/**
 * POST /api/personal/aceptar: the signed-in account takes the role of the invitation if it is the account
 * the invitation names (its e-mail proves it read the link; the session proves it is that account). A link
 * for another address is refused without spending it; of two uses at once one wins (the row is locked).
 */
export async function acceptInvitation(
  db: Db,
  session: { user: UserRow; metodo: SessionUser['login'] },
  token: string,
): Promise<SessionUser> {
  const { user } = session;
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(invitacionPersonal)
      .where(
        and(
          eq(invitacionPersonal.token_hash, hashToken(token)),
          isNull(invitacionPersonal.aceptada),
          gt(invitacionPersonal.expira, new Date()),
        ),
      )
      .for('update');
    if (!invitation) throw badRequest(STAFF_MESSAGES.invalidInvitation);
    if (invitation.email !== user.email) throw forbidden(STAFF_MESSAGES.wrongEmail(invitation.email));
    if (user.admin) throw badRequest(STAFF_MESSAGES.ownerEmail);
    await tx
      .update(invitacionPersonal)
      .set({ aceptada: new Date(), id_usuario: user.id_usuario })
      .where(eq(invitacionPersonal.id, invitation.id));
    const after = await setRole(tx, user.id_usuario, user.id_usuario, user.rol, invitation.rol);
    return toSessionUser(after, session.metodo);
  });
}

/** Sets the role (null: back to a customer) and records who did it in the audit trail. */
async function setRole(
  tx: Tx,
  actorId: number,
  targetId: number,
  before: StaffRole | null,
  rol: StaffRole | null,
): Promise<UserRow> {
  const [after] = await tx.update(usuario).set({ rol }).where(eq(usuario.id_usuario, targetId)).returning();
  if (!after) throw notFound(STAFF_MESSAGES.notStaff);
  await recordAudit(tx, {
    id_usuario: actorId,
    accion: 'usuario.rol',
    id_entidad: targetId,
    antes: { rol: before },
    despues: { rol },
  });
  return after;
}

/**
 * Sets a member's role (null: a customer again) and ends every session of theirs at once: their next
 * request is a visitor's, and signing in again gives them only what the new role allows.
 */
async function setMemberRole(db: Db, ownerId: number, targetId: number, rol: StaffRole | null) {
  return db.transaction(async (tx) => {
    const [member] = await tx.select().from(usuario).where(eq(usuario.id_usuario, targetId)).for('update');
    if (!member?.rol) throw notFound(STAFF_MESSAGES.notStaff);
    const after = await setRole(tx, ownerId, targetId, member.rol, rol);
    await revokeSessions(tx, targetId);
    return after;
  });
}

/** PUT /api/personal/:id: the member's new role. */
export async function changeStaffRole(
  db: Db,
  ownerId: number,
  targetId: number,
  rol: StaffRole,
): Promise<StaffMember> {
  const after = await setMemberRole(db, ownerId, targetId, rol);
  return memberDto({ ...after, rol });
}

/** DELETE /api/personal/:id: the member is a customer again. */
export async function revokeStaff(db: Db, ownerId: number, targetId: number): Promise<void> {
  await setMemberRole(db, ownerId, targetId, null);
}
