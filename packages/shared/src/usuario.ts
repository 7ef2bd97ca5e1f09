import { z } from 'zod';
import { PLACEHOLDER_ADDRESS, PLACEHOLDER_PHONE } from './constants';
import { STAFF_ROLES } from './staff-roles';

/** How the current session signed in: SPEC's estaLogueado values. */
export const LOGIN_TYPES = ['database', 'google'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];

/** A user as the API shows it: never a password or a hash. */
export const usuarioSchema = z.object({
  id_usuario: z.number().int(),
  primer_nombre: z.string(),
  primer_apellido: z.string(),
  email: z.string(),
  direccion: z.string(),
  telefono: z.string(),
  imagen: z.string(),
  estado: z.boolean(),
  admin: z.boolean(),
  /** The staff role the owner gave the account, or null (the owner and customers have none). */
  rol: z.enum(STAFF_ROLES).nullable(),
  /** Whether the account has a password (false for Google-only accounts). */
  tiene_password: z.boolean(),
  createdAt: z.string(),
});
export type Usuario = z.infer<typeof usuarioSchema>;

/** The signed-in user with how this session signed in. */
export const sessionUserSchema = usuarioSchema.extend({ login: z.enum(LOGIN_TYPES) });
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The account's phone, or null while it is still Google sign-in's placeholder: nobody's number. */
export const knownPhone = (telefono: string): string | null =>
  telefono === PLACEHOLDER_PHONE ? null : telefono;

/** The account's address, or null while it is still Google sign-in's placeholder. */
export const knownAddress = (direccion: string): string | null =>
  direccion === PLACEHOLDER_ADDRESS ? null : direccion;

/**
 * An account whose phone or address is still Google sign-in's placeholder (SPEC §3): it goes to the
 * first-time profile form, and only that form may change it for a Google session.
 */
export function profileIncomplete(user: { telefono: string; direccion: string }): boolean {
  return knownPhone(user.telefono) === null || knownAddress(user.direccion) === null;
}

/** Text as an admin's search compares it: lower case, without accents ('Lucía' → 'lucia'). */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether a user's name or e-mail contains what an admin typed, accents and capitals aside. */
export function userMatches(
  user: Pick<Usuario, 'primer_nombre' | 'primer_apellido' | 'email'>,
  query: string,
) {
  const wanted = folded(query.trim());
  return folded(`${user.primer_nombre} ${user.primer_apellido} ${user.email}`).includes(wanted);
}
