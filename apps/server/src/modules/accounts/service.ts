import {
  normalizeEmail,
  type PasswordChangeInput,
  PLACEHOLDER_ADDRESS,
  PLACEHOLDER_PHONE,
  profileIncomplete,
  type Registro,
  type Usuario,
  WRONG_CREDENTIALS,
} from '@vitrina/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { usuario } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../errors';
import type { ActiveSession } from '../../plugins/auth';
import { recordAudit } from '../audit';
import type { ShopIdentity } from '../mail';
import { passwordChangedMail, queueMail, welcomeMail } from '../mail';
import {
  assertNotLocked,
  clearFailures,
  recordFailure,
  revokeSessions,
  type ThrottlePolicy,
  type UserRow,
} from '../sessions';
import { hashPassword, verifyPassword } from './password-hash';
import { toUsuarioDto } from './user-mapper';

const EMAIL_TAKEN = 'Este correo ya está registrado';

/** The account of an e-mail, however it was typed (normalizeEmail: the form every account is stored in). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(usuario)
    .where(eq(usuario.email, normalizeEmail(email)));
  return row;
}

export async function getUser(db: Db, id: number): Promise<UserRow> {
  const [row] = await db.select().from(usuario).where(eq(usuario.id_usuario, id));
  if (!row) throw notFound('El usuario no existe.');
  return row;
}

/**
 * Registration: the shared schema already ran; the server adds what needs the database. The welcome
 * message is queued in the account's transaction.
 */
export async function registerUser(db: Db, input: Registro, shop: ShopIdentity): Promise<Usuario> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(db, email)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  // Hashed before the transaction: the slow hash must not hold it open.
  const password_hash = await hashPassword(input.password);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(usuario)
      .values({
        primer_nombre: input.primer_nombre.trim(),
        primer_apellido: input.primer_apellido.trim(),
        email,
        direccion: input.direccion.trim(),
        telefono: input.telefono,
        imagen: input.imagen,
        password_hash,
      })
      .onConflictDoNothing({ target: usuario.email })
      .returning();
    if (created) await queueMail(tx, welcomeMail(created.email, { ...shop, name: created.primer_nombre }));
    return created;
  });
  // Two registrations racing for one e-mail: the unique index lets only one through.
  if (!row) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  return toUsuarioDto(row);
}

/**
 * Checks an e-mail and password. Unknown e-mail, Google-only account and wrong password all give the
 * same answer, so nobody can find out which e-mails have accounts.
 */
export async function verifyCredentials(db: Db, email: string, password: string): Promise<UserRow | null> {
  const user = await findUserByEmail(db, email);
  // Without a password hash, a dummy one is checked: both paths take as long.
  const matches = await verifyPassword(user?.password_hash, password);
  return user && matches ? user : null;
}

export const accountDisabled = (supportEmail: string) =>
  new AppError(
    403,
    'User not enabled for login',
    `Tu cuenta ha sido desactivada. Escríbenos a ${supportEmail} para recuperarla.`,
  );

export interface SignInAttempt {
  email: string;
  password: string;
  /** The caller's address: the throttle also counts failures per address. */
  ip: string;
}

/**
 * Sign-in with a password: refused while the e-mail or the address is locked (429); a wrong answer is
 * counted, slowed down by the throttle's delay and answered 401 with the same message whatever was wrong;
 * a right one clears the e-mail's failures, and then a banned account gets 403. Returns the account to
 * open a session for.
 */
export async function signIn(
  db: Db,
  { email, password, ip }: SignInAttempt,
  { throttle, supportEmail }: { throttle: ThrottlePolicy; supportEmail: string },
): Promise<UserRow> {
  await assertNotLocked(db, email, ip);
  const user = await verifyCredentials(db, email, password);
  if (!user) {
    const delay = await recordFailure(db, email, ip, throttle);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    throw unauthorized(WRONG_CREDENTIALS);
  }
  await clearFailures(db, email);
  if (!user.estado) throw accountDisabled(supportEmail);
  return user;
}

/** What a new Google account is made of; its e-mail is normalized and verified by the issuer. */
export interface GoogleUserProfile {
  primer_nombre: string;
  primer_apellido: string;
  email: string;
  /** The stored avatar's URL, or ''. */
  imagen: string;
}

/**
 * A new account for a Google identity, in the sign-in's transaction `tx`: no password, and the
 * placeholder phone and address that send the shopper to /account to complete the profile, and the
 * welcome message. Undefined when the e-mail was registered a moment ago (the unique index lets only one
 * through).
 */
export async function createGoogleUser(
  tx: Tx,
  profile: GoogleUserProfile,
  shop: ShopIdentity,
): Promise<UserRow | undefined> {
  const [created] = await tx
    .insert(usuario)
    .values({ ...profile, telefono: PLACEHOLDER_PHONE, direccion: PLACEHOLDER_ADDRESS })
    .onConflictDoNothing({ target: usuario.email })
    .returning();
  if (created) await queueMail(tx, welcomeMail(created.email, { ...shop, name: created.primer_nombre }));
  return created;
}

export interface ProfileChanges {
  direccion?: string | undefined;
  telefono?: string | undefined;
  imagen?: string | undefined;
}

export async function updateProfile(db: Db, id: number, changes: ProfileChanges): Promise<Usuario> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const [row] = await db.update(usuario).set(set).where(eq(usuario.id_usuario, id)).returning();
  if (!row) throw notFound('El usuario no existe.');
  return toUsuarioDto(row);
}

/**
 * PUT /api/usuario: the caller's own profile (an id_usuario in the body must be theirs). SPEC §6: profile
 * edit is for password accounts; Google accounts only complete the first-time form.
 */
export async function updateOwnProfile(
  db: Db,
  { user, metodo }: Pick<ActiveSession, 'user' | 'metodo'>,
  { id_usuario, ...changes }: ProfileChanges & { id_usuario?: number | undefined },
): Promise<Usuario> {
  if (id_usuario !== undefined && id_usuario !== user.id_usuario) throw forbidden();
  if (metodo === 'google' && !profileIncomplete(user)) {
    throw forbidden('Las cuentas de Google solo pueden completar sus datos la primera vez.');
  }
  return updateProfile(db, user.id_usuario, changes);
}

/** GET /api/email: the account of an e-mail, in a list; a customer may only ask for their own. */
export async function findAccountsByEmail(
  db: Db,
  viewer: Pick<UserRow, 'admin' | 'email'>,
  email: string,
): Promise<Usuario[]> {
  if (!viewer.admin && viewer.email !== normalizeEmail(email)) throw forbidden();
  const found = await findUserByEmail(db, email);
  return found ? [toUsuarioDto(found)] : [];
}

/**
 * Changes the password after checking the current one, ends every session of the user and tells them by
 * e-mail (someone else may have made the change), all in one transaction.
 */
export async function changePassword(
  db: Db,
  user: UserRow,
  input: PasswordChangeInput,
  shop: ShopIdentity,
): Promise<void> {
  if (!user.password_hash || !(await verifyPassword(user.password_hash, input.password_actual))) {
    throw badRequest('La contraseña actual no es correcta', {
      password_actual: 'La contraseña actual no es correcta',
    });
  }
  const password_hash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(usuario).set({ password_hash }).where(eq(usuario.id_usuario, user.id_usuario));
    await revokeSessions(tx, user.id_usuario);
    await queueMail(tx, passwordChangedMail(user.email, { ...shop, name: user.primer_nombre }));
  });
}

/** Customers and banned customers for the admin's user tables; administrators are never listed. */
export async function listCustomers(db: Db): Promise<Usuario[]> {
  const rows = await db
    .select()
    .from(usuario)
    .where(eq(usuario.admin, false))
    .orderBy(asc(usuario.id_usuario));
  return rows.map(toUsuarioDto);
}

/** Bans (estado false) or restores a customer; a ban ends their sessions at once. */
export async function setUserEnabled(
  db: Db,
  adminId: number,
  targetId: number,
  estado: boolean,
): Promise<Usuario> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(usuario).where(eq(usuario.id_usuario, targetId)).for('update');
    if (!before) throw notFound('El usuario no existe.');
    if (before.admin) throw forbidden('No se puede banear a un administrador.');
    const [after] = await tx
      .update(usuario)
      .set({ estado })
      .where(eq(usuario.id_usuario, targetId))
      .returning();
    if (!after) throw notFound('El usuario no existe.');
    if (!estado) await revokeSessions(tx, targetId);
    await recordAudit(tx, {
      id_usuario: adminId,
      accion: estado ? 'usuario.restaurado' : 'usuario.baneado',
      id_entidad: targetId,
      antes: { estado: before.estado },
      despues: { estado: after.estado },
    });
    return toUsuarioDto(after);
  });
}

/**
 * A checkout's "save this address in my profile": the address and phone the order ships to become the
 * profile's, for the next purchase (a Google account's placeholders included), in the order's transaction.
 */
export async function saveShippingAddress(
  tx: Tx,
  userId: number,
  { direccion, telefono }: { direccion: string; telefono: string },
): Promise<void> {
  await tx.update(usuario).set({ direccion, telefono }).where(eq(usuario.id_usuario, userId));
}
