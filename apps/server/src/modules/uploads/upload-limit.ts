import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { limiteSubida } from '../../db/schema';
import { tooManyRequests } from '../../errors';

/**
 * How many images a caller may upload per window: anonymous callers (the registration form's avatar) a
 * few, signed-in users many more. Counted in PostgreSQL like the sign-in counters (auth/login-throttle.ts),
 * so N shop processes behind a load balancer allow the limit once, not N times.
 */
export interface UploadPolicy {
  windowMs: number;
  anonymous: number;
  signedIn: number;
}

export const DEFAULT_UPLOAD_POLICY: UploadPolicy = { windowMs: 15 * 60_000, anonymous: 10, signedIn: 200 };

const TOO_MANY = 'Has subido demasiadas imágenes. Espera unos minutos e inténtalo de nuevo.';

/** Longest client address kept in a key: an IPv6 address with a zone fits. */
const ADDRESS_MAX = 64;

/**
 * Counts one upload for the caller, in one statement (a stale window restarts at 1), and refuses it with
 * 429 and Retry-After once the window's limit is passed.
 */
export async function takeUploadSlot(
  db: Db,
  caller: { userId?: number | undefined; ip: string },
  policy: UploadPolicy,
): Promise<void> {
  const clave = caller.userId ? `user:${caller.userId}` : `ip:${caller.ip.slice(0, ADDRESS_MAX)}`;
  const max = caller.userId ? policy.signedIn : policy.anonymous;
  const windowStart = sql`${new Date(Date.now() - policy.windowMs).toISOString()}::timestamptz`;
  const stale = sql`${limiteSubida.ventana_inicio} < ${windowStart}`;
  const [row] = await db
    .insert(limiteSubida)
    .values({ clave, subidas: 1, ventana_inicio: new Date() })
    .onConflictDoUpdate({
      target: limiteSubida.clave,
      set: {
        subidas: sql`CASE WHEN ${stale} THEN 1 ELSE ${limiteSubida.subidas} + 1 END`,
        ventana_inicio: sql`CASE WHEN ${stale} THEN now() ELSE ${limiteSubida.ventana_inicio} END`,
      },
    })
    .returning({ subidas: limiteSubida.subidas, desde: limiteSubida.ventana_inicio });
  if (row && row.subidas > max) {
    throw tooManyRequests(TOO_MANY, (row.desde.getTime() + policy.windowMs - Date.now()) / 1000);
  }
}
