import type { LoginType } from '@vitrina/shared';
import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { sesion, usuario } from '../../db/schema';
import type { ActiveSession, UserRow } from '../../plugins/auth';
import { hashToken, newSecretToken } from './secret-token';

export type { ActiveSession, UserRow };

/*
 * Sessions (DESIGN.md, security model): an opaque random token in an HttpOnly, SameSite=Strict cookie;
 * the database keeps only its sha-256, so a leaked table yields no usable cookie.
 * A session ends after SESSION_IDLE_MS without use or SESSION_ABSOLUTE_MS after sign-in, whichever
 * comes first (docs/decisions/004-sessions.md).
 */
export const SESSION_COOKIE = 'vitrina_sesion';
/**
 * The session cookie's name before decision 065: SPEC's storefront keeps its own readable JSON under it,
 * which a browser refuses to write while an HttpOnly cookie of that name exists.
 */
const LEGACY_SESSION_COOKIE = 'user_session';
/** What the shop's own tokens looked like under that name; SPEC's front stores JSON there instead. */
const LEGACY_TOKEN = /^[A-Za-z0-9_-]{32,}$/;
export const SESSION_IDLE_MS = 7 * 24 * 3600 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;
/** Refresh ultimo_uso at most this often, so reading pages does not write on every request. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export interface CookieOptions {
  secure: boolean;
}

export async function startSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  metodo: LoginType,
  cookie: CookieOptions,
): Promise<void> {
  const { token, hash } = newSecretToken();
  const now = Date.now();
  await db.insert(sesion).values({
    id: hash,
    id_usuario: userId,
    metodo,
    creada: new Date(now),
    ultimo_uso: new Date(now),
    expira: new Date(now + SESSION_ABSOLUTE_MS),
    user_agent: request.headers['user-agent']?.slice(0, 512) ?? null,
    ip: request.ip.slice(0, 64),
  });
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: cookie.secure,
    path: '/',
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
  // A session cookie left under the old name would keep SPEC's front from storing its own there.
  const legacy = request.cookies[LEGACY_SESSION_COOKIE];
  if (legacy && LEGACY_TOKEN.test(legacy)) reply.clearCookie(LEGACY_SESSION_COOKIE, { path: '/' });
}

/**
 * The lookup behind every signed-in request, prepared (what that bought:
 * docs/decisions/035-prepared-session-lookup.md).
 */
const sessionLookup = preparedPerDatabase((db) =>
  db
    .select({ s: sesion, u: usuario })
    .from(sesion)
    .innerJoin(usuario, eq(usuario.id_usuario, sesion.id_usuario))
    .where(
      and(
        eq(sesion.id, sql.placeholder('id')),
        gt(sesion.expira, sql.placeholder('now')),
        gt(sesion.ultimo_uso, sql.placeholder('idleSince')),
      ),
    )
    .prepare('find_session'),
);

/** The live session behind a cookie token: not expired, not idle too long, and its user not banned. */
export async function findSession(db: Db, token: string): Promise<ActiveSession | null> {
  const id = hashToken(token);
  const now = Date.now();
  const [row] = await sessionLookup(db).execute({
    id,
    now: new Date(now),
    idleSince: new Date(now - SESSION_IDLE_MS),
  });
  if (!row?.u.estado) return null;
  if (now - row.s.ultimo_uso.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sesion)
      .set({ ultimo_uso: new Date(now) })
      .where(eq(sesion.id, id));
  }
  return { id, metodo: row.s.metodo, user: row.u };
}

export async function endSession(db: Db, reply: FastifyReply, sessionId: string | undefined): Promise<void> {
  if (sessionId) await db.delete(sesion).where(eq(sesion.id, sessionId));
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Ends every session of a user (password change, ban), optionally keeping one. */
export async function revokeSessions(db: Db | Tx, userId: number, keep?: string): Promise<void> {
  await db.delete(sesion).where(and(eq(sesion.id_usuario, userId), keep ? ne(sesion.id, keep) : undefined));
}

/** Removes sessions that can no longer be used; run at start-up and periodically. */
export async function purgeExpiredSessions(db: Db): Promise<void> {
  const now = Date.now();
  await db
    .delete(sesion)
    .where(or(lt(sesion.expira, new Date(now)), lt(sesion.ultimo_uso, new Date(now - SESSION_IDLE_MS))));
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Secure cookies everywhere but on the machine itself, where the shop is served over plain http. */
export function cookieSecure(publicUrl: string): boolean {
  return !LOCAL_HOSTS.has(new URL(publicUrl).hostname);
}
