import { reminderCheckEveryMs } from '@vitrina/shared';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { backgroundLoop } from '../../background-loop';
import type { Db, Tx } from '../../db/client';
import { retryOnDeadlock } from '../../db/deadlock';
import { carrito, carritoRecordatorio, usuario } from '../../db/schema';
import { cartReminderMail, queueMail, type ShopIdentity } from '../mail';
import { guestCartLinkToken } from './guest-cart-links';
import { priceSavedCarts } from './saved-cart-lines';

/*
 * Abandoned carts (docs/decisions/081-abandoned-carts.md, 095): an account's cart, or a guest's with the
 * e-mail typed at checkout, that has held items for `afterMs` since its last change, with no order since,
 * gets one e-mail through the outbox, unless its owner opted out. Any number of processes run the loop on
 * one database: each claims due carts with FOR UPDATE SKIP LOCKED and marks them reminded in the same
 * transaction as the mail, so no cart is reminded twice.
 */

export interface CartReminderOptions {
  /** How long a cart rests with items before its reminder (ABANDONED_CART_HOURS). */
  afterMs: number;
  /** The sleep between two looks. */
  checkEveryMs: number;
  /** The wait after a failed round (the database unreachable). */
  retryMs: number;
  batchSize: number;
}

export const DEFAULT_CART_REMINDERS: Omit<CartReminderOptions, 'checkEveryMs'> = {
  afterMs: 4 * 3_600_000,
  retryMs: 60_000,
  batchSize: 50,
};

export interface CartRemindersContext {
  db: Db;
  shop: ShopIdentity;
}

/** A guest e-mail gets at most one reminder in this long, however many carts were started with it. */
const GUEST_EMAIL_QUIET_MS = 24 * 3_600_000;

/**
 * Of the guest e-mails `emails`, those not to remind: the e-mail opted out in one of its carts (a guest's
 * unsubscribe link, or the switch of the account with that e-mail), belongs to a banned account, or had a
 * guest reminder since `since`.
 */
async function guestEmailsToSkip(tx: Tx, emails: string[], since: Date): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await union(
    tx
      .select({ email: sql<string>`${carrito.email_invitado}`.as('email') })
      .from(carrito)
      .where(and(inArray(carrito.email_invitado, emails), eq(carrito.sin_recordatorios, true))),
    tx
      .select({ email: usuario.email })
      .from(usuario)
      .leftJoin(carrito, eq(carrito.id_usuario, usuario.id_usuario))
      .where(
        and(
          inArray(usuario.email, emails),
          or(eq(usuario.estado, false), eq(carrito.sin_recordatorios, true)),
        ),
      ),
    tx
      .select({ email: sql<string>`${carrito.email_invitado}`.as('email') })
      .from(carritoRecordatorio)
      .innerJoin(carrito, eq(carrito.id, carritoRecordatorio.id_carrito))
      .where(and(inArray(carrito.email_invitado, emails), gt(carritoRecordatorio.enviado, since))),
  );
  return new Set(rows.map((row) => row.email));
}

/** Sends the reminders due (by `now`, else the clock), at most `batchSize`; returns how many it sent. */
export async function sendCartReminders(
  { db, shop }: CartRemindersContext,
  {
    afterMs,
    batchSize,
    now = new Date(),
  }: Pick<CartReminderOptions, 'afterMs' | 'batchSize'> & { now?: Date },
): Promise<number> {
  const cutoff = new Date(now.getTime() - afterMs);
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const due = await tx
        .select({ cart: carrito, email: usuario.email, name: usuario.primer_nombre, active: usuario.estado })
        .from(carrito)
        .leftJoin(usuario, eq(usuario.id_usuario, carrito.id_usuario))
        .where(
          and(
            isNotNull(carrito.desde),
            isNull(carrito.recordado),
            eq(carrito.sin_recordatorios, false),
            lte(carrito.actualizado, cutoff),
          ),
        )
        .orderBy(asc(carrito.actualizado))
        .limit(batchSize)
        .for('update', { of: carrito, skipLocked: true });
      const priced = await priceSavedCarts(
        tx,
        due.map(({ cart }) => cart.lineas),
      );
      const skipped = await guestEmailsToSkip(
        tx,
        due.flatMap(({ cart }) => (cart.email_invitado ? [cart.email_invitado] : [])),
        new Date(now.getTime() - GUEST_EMAIL_QUIET_MS),
      );
      let sent = 0;
      for (const [i, { cart, email, name, active }] of due.entries()) {
        // A cart not reminded (a banned account, an e-mail that said no) is marked too, so the next rounds
        // do not keep finding it.
        await tx.update(carrito).set({ recordado: now }).where(eq(carrito.id, cart.id));
        const guest = cart.email_invitado;
        if (guest ? skipped.has(guest) : !active) continue;
        const lines = priced[i] ?? [];
        const to = guest ?? email;
        if (lines.length === 0 || !to) continue;
        await tx.insert(carritoRecordatorio).values({
          id_carrito: cart.id,
          enviado: now,
          unidades: cart.lineas.reduce((n, line) => n + line.cantidad, 0),
        });
        const link = guest
          ? `?${new URLSearchParams({ carrito: String(cart.id), acceso: guestCartLinkToken(shop.linkSecret, cart.id, guest) })}`
          : '';
        await queueMail(
          tx,
          cartReminderMail(to, {
            ...shop,
            name: guest ? cart.nombre_invitado : name,
            lines,
            cartUrl: `${shop.publicUrl}/carrito${link}`,
            unsubscribeUrl: `${shop.publicUrl}/api/carrito/baja/${cart.token_baja}`,
          }),
        );
        // Two guest carts of one e-mail in one batch: the quiet day holds for the second as well.
        if (guest) skipped.add(guest);
        sent++;
      }
      return sent;
    }),
  );
}

/** The loop that sends reminders as carts come due; it sleeps between looks, never on a connection. */
export function cartReminders(
  context: CartRemindersContext & { log: FastifyBaseLogger },
  options: CartReminderOptions,
) {
  return backgroundLoop({
    log: context.log,
    retryMs: options.retryMs,
    failure: 'could not send abandoned-cart reminders; trying again later',
    pass: async () => {
      const sent = await sendCartReminders(context, options);
      if (sent > 0) context.log.info({ recordatorios: sent }, 'abandoned-cart reminders queued');
      return sent < options.batchSize ? options.checkEveryMs : 0;
    },
  });
}

/** Runs the reminders loop for as long as the app (started once ready, stopped on close). */
export const cartRemindersPlugin: FastifyPluginAsync<
  CartRemindersContext & { options?: Partial<CartReminderOptions> | undefined }
> = async (app, { options, ...context }) => {
  const afterMs = options?.afterMs ?? DEFAULT_CART_REMINDERS.afterMs;
  const loop = cartReminders(
    { ...context, log: app.log.child({ module: 'carts' }) },
    { ...DEFAULT_CART_REMINDERS, checkEveryMs: reminderCheckEveryMs(afterMs), ...options },
  );
  app.addHook('onReady', async () => loop.start());
  app.addHook('onClose', async () => loop.stop());
};
