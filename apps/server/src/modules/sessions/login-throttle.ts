import {
  GUEST_CART_MESSAGES,
  GUEST_MESSAGES,
  normalizeEmail,
  ORDER_LOOKUP_MESSAGES,
  PASSWORD_RESET_MESSAGES,
} from '@vitrina/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { intentoLogin } from '../../db/schema';
import { tooManyRequests } from '../../errors';

/*
 * Brute-force protection for password sign-in (docs/decisions/004-sessions.md). Failures are counted
 * per account (e-mail) and per client address within a window; the counters live in the database so
 * every server process sees the same numbers.
 * - From the SLOW_AFTER-th failure of an account, each further failure is answered after a growing delay.
 * - At LOCK_AFTER failures the key is locked for LOCK_MS: every attempt, right or wrong, gets 429.
 * A successful sign-in clears the account's counter (not the address's).
 */
export interface ThrottlePolicy {
  windowMs: number;
  lockMs: number;
  accountSlowAfter: number;
  accountLockAfter: number;
  addressLockAfter: number;
  /** Extra delay per failure beyond accountSlowAfter, capped at maxDelayMs. */
  delayStepMs: number;
  maxDelayMs: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = {
  windowMs: 15 * 60 * 1000,
  lockMs: 15 * 60 * 1000,
  accountSlowAfter: 3,
  accountLockAfter: 10,
  addressLockAfter: 50,
  delayStepMs: 500,
  maxDelayMs: 4000,
};

const TOO_MANY = 'Demasiados intentos fallidos. Espera 15 minutos e inténtalo de nuevo.';

/** Longest client address kept in a key: an IPv6 address with a zone fits; anything longer is not one. */
const ADDRESS_MAX = 64;

/**
 * The counters' keys: the account's is the e-mail exactly as the account lookup reads it
 * (normalizeEmail), so no spelling of an address (spaces around it, capitals, a decomposed accent)
 * counts apart from the others.
 */
const keysFor = (email: string, ip: string) => ({
  account: `email:${normalizeEmail(email)}`,
  address: `ip:${ip.slice(0, ADDRESS_MAX)}`,
});

/** Refuses with 429 and `message` while either key is locked, saying for how long. */
async function assertKeysNotLocked(db: Db, keys: string[], message: string): Promise<void> {
  const rows = await db
    .select({ hasta: intentoLogin.bloqueado_hasta })
    .from(intentoLogin)
    .where(inArray(intentoLogin.clave, keys));
  const lockedUntil = Math.max(0, ...rows.map((r) => r.hasta?.getTime() ?? 0));
  if (lockedUntil > Date.now()) throw tooManyRequests(message, (lockedUntil - Date.now()) / 1000);
}

/** Refuses the attempt with 429 while the account or the address is locked, saying for how long. */
export async function assertNotLocked(db: Db, email: string, ip: string): Promise<void> {
  const { account, address } = keysFor(email, ip);
  await assertKeysNotLocked(db, [account, address], TOO_MANY);
}

type EmailAndAddressLimits = { windowMs: number; lockMs: number; perEmail: number; perAddress: number };

/**
 * Counts a request on its e-mail's key and its address's key, both named by `key`; 429 with `message`
 * while either is locked. Found or not, every request counts, so the limit reveals nothing.
 */
async function countPerEmailAndAddress(
  db: Db,
  { key, message, limits }: { key: string; message: string; limits: EmailAndAddressLimits },
  email: string,
  ip: string,
): Promise<void> {
  const keys = keysFor(email, ip);
  const account = `${key}:${keys.account}`;
  const address = `${key}:${keys.address}`;
  await assertKeysNotLocked(db, [account, address], message);
  await bump(db, account, limits.perEmail, limits);
  await bump(db, address, limits.perAddress, limits);
}

/**
 * Password-reset requests a window allows per e-mail and per address. Every request counts, whether the
 * e-mail has an account or not, so the limit says nothing about which addresses are customers.
 */
export const RECOVERY_LIMITS = { windowMs: 3600_000, lockMs: 3600_000, perEmail: 5, perAddress: 20 };

/** Counts a password-reset request; 429 once the e-mail or the address has asked too often. */
export async function countRecoveryRequest(
  db: Db,
  email: string,
  ip: string,
  limits = RECOVERY_LIMITS,
): Promise<void> {
  await countPerEmailAndAddress(
    db,
    { key: 'recuperar', message: PASSWORD_RESET_MESSAGES.tooMany, limits },
    email,
    ip,
  );
}

/**
 * 'Consultar pedido' lookups a window allows per e-mail and per address, found or not: guessing order
 * numbers for an e-mail, or e-mails for a number, stops soon.
 */
export const LOOKUP_LIMITS = { windowMs: 3600_000, lockMs: 3600_000, perEmail: 10, perAddress: 30 };

/** Counts an order lookup (POST /api/pedidos/consulta); 429 once the e-mail or the address asked too often. */
export async function countOrderLookup(
  db: Db,
  email: string,
  ip: string,
  limits = LOOKUP_LIMITS,
): Promise<void> {
  await countPerEmailAndAddress(
    db,
    { key: 'consulta', message: ORDER_LOOKUP_MESSAGES.tooMany, limits },
    email,
    ip,
  );
}

/**
 * Purchases without an account a window allows per client address (decision 085): enough for a family
 * behind one router, not for a script emptying the stock with reservations that are never paid.
 */
export const GUEST_PURCHASE_LIMITS = { windowMs: 3600_000, lockMs: 3600_000, perAddress: 20 };

/** Counts a guest's POST /api/venta; 429 once the address bought without an account too often. */
export async function countGuestPurchase(db: Db, ip: string, limits = GUEST_PURCHASE_LIMITS): Promise<void> {
  const address = `invitado:${keysFor('', ip).address}`;
  await assertKeysNotLocked(db, [address], GUEST_MESSAGES.tooMany);
  await bump(db, address, limits.perAddress, limits);
}

/**
 * Guest carts a window lets one address, and one e-mail, start (docs/decisions/095): each may send that
 * e-mail a reminder, so a script cannot turn the shop into a mailer of strangers' addresses.
 */
export const GUEST_CART_LIMITS = { windowMs: 3600_000, lockMs: 3600_000, perEmail: 5, perAddress: 20 };

/** Counts a new guest cart (PUT /api/carrito/invitado); 429 once the e-mail or the address started too many. */
export async function countGuestCart(
  db: Db,
  email: string,
  ip: string,
  limits = GUEST_CART_LIMITS,
): Promise<void> {
  await countPerEmailAndAddress(
    db,
    { key: 'carrito', message: GUEST_CART_MESSAGES.tooMany, limits },
    email,
    ip,
  );
}

/** Counts a failure on both keys; returns how long to wait before answering. */
export async function recordFailure(
  db: Db,
  email: string,
  ip: string,
  policy: ThrottlePolicy,
): Promise<number> {
  const { account, address } = keysFor(email, ip);
  const accountFailures = await bump(db, account, policy.accountLockAfter, policy);
  await bump(db, address, policy.addressLockAfter, policy);
  const over = accountFailures - policy.accountSlowAfter;
  return over > 0 ? Math.min(policy.maxDelayMs, over * policy.delayStepMs) : 0;
}

export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.delete(intentoLogin).where(eq(intentoLogin.clave, keysFor(email, '').account));
}

/** Adds one failure in the current window (a stale window restarts at 1) and locks at the limit. */
async function bump(
  db: Db,
  clave: string,
  lockAfter: number,
  policy: Pick<ThrottlePolicy, 'windowMs' | 'lockMs'>,
): Promise<number> {
  const windowStart = sql`${new Date(Date.now() - policy.windowMs).toISOString()}::timestamptz`;
  const lockUntil = new Date(Date.now() + policy.lockMs);
  const [row] = await db
    .insert(intentoLogin)
    .values({ clave, fallos: 1, ventana_inicio: new Date() })
    .onConflictDoUpdate({
      target: intentoLogin.clave,
      set: {
        fallos: sql`CASE WHEN ${intentoLogin.ventana_inicio} < ${windowStart} THEN 1 ELSE ${intentoLogin.fallos} + 1 END`,
        ventana_inicio: sql`CASE WHEN ${intentoLogin.ventana_inicio} < ${windowStart} THEN now() ELSE ${intentoLogin.ventana_inicio} END`,
      },
    })
    .returning({ fallos: intentoLogin.fallos });
  const fallos = row?.fallos ?? 1;
  if (fallos >= lockAfter) {
    await db
      .update(intentoLogin)
      .set({ bloqueado_hasta: lockUntil, fallos: 0, ventana_inicio: new Date() })
      .where(eq(intentoLogin.clave, clave));
  }
  return fallos;
}
