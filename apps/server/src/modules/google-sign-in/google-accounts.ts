import { isSingleLineText, normalizeEmail } from '@vitrina/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { identidadExterna, usuario } from '../../db/schema';
import type { FileStorage } from '../../storage/local';
import { createGoogleUser } from '../accounts';
import type { ShopIdentity } from '../mail';
import type { UserRow } from '../sessions';
import { storeImage } from '../uploads';
import type { IdentityClaims } from './oidc-client';

/*
 * Which shop account a Google identity signs in to (SPEC §3, DESIGN.md data model):
 * 1. the account already linked to this (google, sub);
 * 2. else the account whose e-mail matches the verified e-mail, which gets linked;
 * 3. else a new account from the claims, with the placeholder phone and address that send the shopper
 *    to /account to complete the profile.
 */

export const GOOGLE_PROVIDER = 'google';
const NAME_MAX = 50;
/** usuario.email's length. */
const EMAIL_MAX = 254;
/** A Google profile picture, cropped to a 256×256 square. */
const AVATAR_SIZE = { width: 256, height: 256, fit: 'cover' } as const;
const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const AVATAR_TIMEOUT_MS = 3000;

export type GoogleSignIn =
  | { outcome: 'signed-in'; user: UserRow; created: boolean }
  /** The e-mail is not verified by the issuer: it proves nothing, so no account is found or made. */
  | { outcome: 'unverified-email' }
  /**
   * The e-mail belongs to an administrator not yet linked: administrators sign in with their password,
   * so whoever controls an issuer account with that e-mail cannot take over the shop.
   */
  | { outcome: 'admin-not-linkable' }
  /**
   * The identity holds text no account could keep (control characters, or an e-mail longer than the
   * account's once normalized): refused before it reaches the database.
   */
  | { outcome: 'unusable-identity' };

export interface GoogleAccountDeps {
  storage: FileStorage;
  /** Named and linked in a new account's welcome message. */
  shop: ShopIdentity;
  /** Downloads the profile picture; tests replace it. */
  fetchAvatar?: (url: string) => Promise<Buffer | null>;
}

/** Finds, links or creates the account for a verified identity. Banned accounts are returned as they are. */
export async function signInWithGoogle(
  db: Db,
  claims: IdentityClaims,
  deps: GoogleAccountDeps,
): Promise<GoogleSignIn> {
  if (!isSingleLineText(claims.sub)) return { outcome: 'unusable-identity' };
  const linked = await findLinkedUser(db, claims.sub);
  if (linked) return { outcome: 'signed-in', user: linked, created: false };

  // The e-mail as every account stores it (normalizeEmail), so a password account is found whatever the
  // issuer's spelling.
  const email = claims.email === undefined ? undefined : normalizeEmail(claims.email);
  if (!email || claims.email_verified !== true) return { outcome: 'unverified-email' };
  if (!isSingleLineText(email) || email.length > EMAIL_MAX) return { outcome: 'unusable-identity' };

  const [existing] = await db.select().from(usuario).where(eq(usuario.email, email));
  if (existing) {
    if (existing.admin) return { outcome: 'admin-not-linkable' };
    // A banned account is not linked: nothing about it changes, the caller refuses the sign-in.
    if (existing.estado) await db.transaction((tx) => link(tx, claims.sub, existing.id_usuario));
    return { outcome: 'signed-in', user: existing, created: false };
  }

  // Downloaded before the transaction: a slow picture host must not hold database locks.
  const imagen = claims.picture ? await storeAvatar(claims.picture, deps) : '';
  return db.transaction(async (tx) => {
    const created = await createGoogleUser(tx, { ...namesFrom(claims, email), email, imagen }, deps.shop);
    // Someone registered this e-mail a moment ago: link to that account instead.
    const user = created ?? (await tx.select().from(usuario).where(eq(usuario.email, email)))[0];
    if (!user) throw new Error('account vanished while signing in with Google');
    if (!created && user.admin) return { outcome: 'admin-not-linkable' } as const;
    if (user.estado) await link(tx, claims.sub, user.id_usuario);
    return { outcome: 'signed-in', user, created: Boolean(created) } as const;
  });
}

async function findLinkedUser(db: Db | Tx, sub: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: usuario })
    .from(identidadExterna)
    .innerJoin(usuario, eq(usuario.id_usuario, identidadExterna.id_usuario))
    .where(and(eq(identidadExterna.proveedor, GOOGLE_PROVIDER), eq(identidadExterna.sujeto, sub)));
  return row?.user;
}

async function link(tx: Tx, sub: string, userId: number): Promise<void> {
  // Two first sign-ins racing: the unique (proveedor, sujeto) index keeps a single link.
  await tx
    .insert(identidadExterna)
    .values({ proveedor: GOOGLE_PROVIDER, sujeto: sub, id_usuario: userId })
    .onConflictDoNothing({ target: [identidadExterna.proveedor, identidadExterna.sujeto] });
}

/** primer_nombre / primer_apellido from given/family name, else from splitting `name`, else the e-mail. */
export function namesFrom(claims: IdentityClaims, email: string) {
  // Whitespace runs become one space; any other character the text rule refuses is dropped.
  const clean = (text: string | undefined) =>
    [...(text ?? '').replace(/\s+/g, ' ')].filter(isSingleLineText).join('').trim();
  let nombre = clean(claims.given_name);
  let apellido = clean(claims.family_name);
  if (!nombre) {
    const [first = '', ...rest] = clean(claims.name).split(' ');
    nombre = first;
    apellido ||= rest.join(' ');
  }
  if (!nombre) nombre = email.split('@')[0] ?? '';
  return {
    primer_nombre: [...nombre].slice(0, NAME_MAX).join(''),
    primer_apellido: [...apellido].slice(0, NAME_MAX).join(''),
  };
}

/**
 * The picture as a 256×256 WebP in our storage, through the uploads' pipeline, or '' on any failure: an
 * avatar never blocks a sign-in.
 */
async function storeAvatar(url: string, deps: GoogleAccountDeps): Promise<string> {
  try {
    const bytes = await (deps.fetchAvatar ?? downloadAvatar)(url);
    if (!bytes) return '';
    return await storeImage(deps.storage, 'avatars', bytes, AVATAR_SIZE);
  } catch {
    return '';
  }
}

/** Fetches an https picture within AVATAR_TIMEOUT_MS and AVATAR_MAX_BYTES; null when it cannot. */
export async function downloadAvatar(url: string): Promise<Buffer | null> {
  if (!URL.canParse(url) || new URL(url).protocol !== 'https:') return null;
  const signal = AbortSignal.timeout(AVATAR_TIMEOUT_MS);
  const res = await fetch(url, { signal, redirect: 'follow' });
  if (!res.ok || !res.body) return null;
  if (Number(res.headers.get('content-length') ?? 0) > AVATAR_MAX_BYTES) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.length;
    // Leaving the loop cancels the download.
    if (size > AVATAR_MAX_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
