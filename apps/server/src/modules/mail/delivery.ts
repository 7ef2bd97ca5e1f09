import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client';
import { isConnectionLost } from '../../db/connection-lost';
import { correo } from '../../db/schema';
import type { MailTransport } from './transport';

export interface DeliveryOptions {
  /** Attempts before a message is 'fallido' for good. */
  maxAttempts: number;
  /** The wait after the first failed attempt; it doubles with each further one, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /**
   * How long a claimed message is left to the process that claimed it. If that process dies mid-send,
   * another retries it once the lease is over; longer than any send (transport.ts's timeouts).
   */
  leaseMs: number;
  /** Messages claimed per statement. */
  batchSize: number;
  /**
   * The longest the loop sleeps without being woken. A NOTIFY wakes it on every commit that queued mail;
   * this only bounds how long a missed notification (a reconnection) could delay a message.
   */
  idleCheckMs: number;
  /**
   * After a commit queued mail, how long the loop lets more arrive before it claims: under load one claim
   * and one update then serve the orders of that moment, not a claim, an update and a look at the next
   * due time for every order (a checkout's confirmation is not urgent by a tenth of a second).
   */
  lingerMs: number;
}

export const DEFAULT_DELIVERY: DeliveryOptions = {
  maxAttempts: 8,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  leaseMs: 2 * 60_000,
  batchSize: 10,
  idleCheckMs: 60_000,
  lingerMs: 100,
};

/** After the Nth failed attempt: base × 2^(N-1), capped, with up to half of it taken off at random. */
export function retryDelayMs(attempt: number, options: Pick<DeliveryOptions, 'retryBaseMs' | 'retryMaxMs'>) {
  const delay = Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** Math.max(0, attempt - 1));
  // The jitter spreads the retries of many messages (and processes) after one outage of the mail server.
  return Math.round(delay * (0.5 + Math.random() * 0.5));
}

/** What the mailbox shows of a failure: the SMTP server's answer or the system error, on one short line. */
const errorText = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 500);

/** Longest wait between two tries of a lost database; the loop never gives up, and never throws. */
const DATABASE_RETRY_MAX_MS = 30_000;

/**
 * Milliseconds until the earliest pending message is due (0: now), or undefined when none is pending.
 * The clamp is done here, not with SQL's greatest(): greatest ignores a NULL, so over an empty outbox it
 * said 0 and the idle loop asked the database again at once, a thousand times a second.
 */
export async function nextDueInMs(db: Db): Promise<number | undefined> {
  const [next] = await db
    .select({ ms: sql<string | null>`extract(epoch from (min(${correo.proximo_intento}) - now())) * 1000` })
    .from(correo)
    .where(eq(correo.estado, 'pendiente'));
  return next?.ms == null ? undefined : Math.max(0, Math.ceil(Number(next.ms)));
}

/**
 * The background loop that empties the outbox. Any number of processes may run one on the same database:
 * a message is claimed (its attempt counted and its next try pushed a lease ahead) by one UPDATE over
 * `FOR UPDATE SKIP LOCKED`, so two loops never hold the same message, and it is sent outside any
 * transaction (an embedded PGlite has one connection, which a request must never wait on).
 */
export function mailDelivery(deps: {
  database: Database;
  transport: MailTransport;
  log: FastifyBaseLogger;
  options?: Partial<DeliveryOptions>;
}) {
  const { database, transport, log } = deps;
  const { db } = database;
  const options = { ...DEFAULT_DELIVERY, ...deps.options };
  let running: Promise<void> | undefined;
  let stopped = false;
  let woken = false;
  let wakeUp: (() => void) | undefined;

  function wake() {
    woken = true;
    wakeUp?.();
  }

  /** Sleeps until `ms` have passed, or wake() or stop() is called. */
  function sleep(ms: number) {
    if (woken || stopped) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });
  }

  async function claim() {
    const due = db
      .select({ id: correo.id })
      .from(correo)
      .where(and(eq(correo.estado, 'pendiente'), lte(correo.proximo_intento, sql`now()`)))
      .orderBy(asc(correo.proximo_intento))
      .limit(options.batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(correo)
      .set({
        intentos: sql`${correo.intentos} + 1`,
        proximo_intento: sql`now() + ${options.leaseMs} * interval '1 millisecond'`,
      })
      .where(inArray(correo.id, due))
      .returning();
  }

  async function deliver(message: Awaited<ReturnType<typeof claim>>[number]) {
    try {
      await transport.send({
        id: message.id,
        to: message.destinatario,
        subject: message.asunto,
        html: message.html,
        text: message.texto,
        created: message.creado,
      });
      return true;
    } catch (err) {
      const final = message.intentos >= options.maxAttempts;
      const retryMs = retryDelayMs(message.intentos, options);
      await db
        .update(correo)
        .set({
          estado: final ? 'fallido' : 'pendiente',
          ultimo_error: errorText(err),
          proximo_intento: sql`now() + ${retryMs} * interval '1 millisecond'`,
        })
        .where(eq(correo.id, message.id));
      const fields = { err, correo: message.id, intento: message.intentos };
      if (final) log.error(fields, 'mail failed for good');
      else log.warn({ ...fields, retryMs }, 'mail not delivered; it will be retried');
      return false;
    }
  }

  /** The messages of one claim the mail server accepted, in one statement. */
  async function markSent(ids: number[]) {
    if (ids.length === 0) return;
    await db
      .update(correo)
      .set({ estado: 'enviado', enviado: sql`now()`, ultimo_error: null })
      .where(inArray(correo.id, ids));
  }

  /** Gives back messages claimed but not tried (the process is stopping): due at once, attempt not counted. */
  async function release(ids: number[]) {
    await db
      .update(correo)
      .set({ intentos: sql`${correo.intentos} - 1`, proximo_intento: sql`now()` })
      .where(inArray(correo.id, ids));
  }

  async function loop() {
    let databaseFailures = 0;
    while (!stopped) {
      if (woken && options.lingerMs > 0)
        await new Promise((resolve) => setTimeout(resolve, options.lingerMs));
      woken = false;
      try {
        const claimed = await claim();
        const sent: number[] = [];
        for (const [i, message] of claimed.entries()) {
          if (stopped) {
            await release(claimed.slice(i).map((m) => m.id));
            break;
          }
          if (await deliver(message)) sent.push(message.id);
        }
        // Sent but not yet marked if the process dies here: another loop sends them again once their lease
        // is over (at least once, as before, now for one claim's messages rather than one message).
        await markSent(sent);
        databaseFailures = 0;
        // A full batch: more may be due at once.
        if (claimed.length === options.batchSize) continue;
        const dueInMs = await nextDueInMs(db);
        await sleep(Math.min(dueInMs ?? options.idleCheckMs, options.idleCheckMs));
      } catch (err) {
        // A lost connection (or any other database error) must not end the process: wait and try again.
        databaseFailures++;
        const waitMs = retryDelayMs(databaseFailures, {
          retryBaseMs: 200,
          retryMaxMs: DATABASE_RETRY_MAX_MS,
        });
        if (isConnectionLost(err)) log.warn({ err, waitMs }, 'mail delivery lost the database; retrying');
        else log.error({ err, waitMs }, 'mail delivery failed; retrying');
        await sleep(waitMs);
      }
    }
  }

  return {
    /** Starts the loop and wakes it on every commit that queues mail, in this process or another. */
    start() {
      if (running) return;
      database.subscribe('correo_pendiente', wake);
      running = loop();
    },
    /** Lets the message in hand finish, then stops; the rest stays in the outbox for the next start. */
    async stop() {
      stopped = true;
      wakeUp?.();
      await running;
      transport.close();
    },
  };
}
