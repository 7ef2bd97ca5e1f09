import {
  GUEST_CART_MESSAGES,
  type GuestCart,
  type GuestCartInput,
  type GuestCartRecovery,
  type SavedCart,
} from '@vitrina/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { carrito, carritoRecordatorio } from '../../db/schema';
import { notFound } from '../../errors';
import { countGuestCart } from '../sessions';
import { isGuestCartLinkToken } from './guest-cart-links';
import { type CartRow, mergeIntoCart, tidy, toSavedCart, writeLines } from './saved-carts';

/*
 * A guest's cart (docs/decisions/095-guest-carts.md): saved once the visitor typed a valid e-mail at
 * checkout, named in that browser by a signed cookie (guest-cart-links.ts), kept by the rules of an
 * account's (saved-carts.ts) and reminded by the same loop. A cart keeps one e-mail for life: another
 * e-mail starts another cart, so a reminder, and an unsubscribe, always concern the e-mail they went to.
 */

/** The guest cart `id`, locked for the rest of `tx`; undefined when no guest cart has that id. */
async function lockedGuestCart(tx: Db | Tx, id: number): Promise<CartRow | undefined> {
  const [row] = await tx
    .select()
    .from(carrito)
    .where(and(eq(carrito.id, id), isNull(carrito.id_usuario)))
    .for('update');
  return row;
}

/** Empties the guest cart `id`, if it is one (its lines went to another guest cart). */
export async function emptyGuestCart(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockedGuestCart(tx, id);
    if (row) await writeLines(tx, row, []);
  });
}

/**
 * The shopper signed in, and this browser's lines went to the account's cart: the guest cart `id` is
 * emptied, and its reminder, if it was sent one, goes with the lines (takeReminder).
 */
export async function handOverGuestCart(
  db: Db,
  { id, userId }: { id: number; userId: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockedGuestCart(tx, id);
    if (!row) return;
    await writeLines(tx, row, []);
    await takeReminder(tx, row, userId);
  });
}

/**
 * The account's cart, now holding the lines of guest cart `guest` (as it was before it was emptied),
 * takes the reminder the guest was sent for them: the same items are not reminded twice, and the
 * account's order counts as recovered. An empty account cart takes nothing: it holds no reminder.
 */
async function takeReminder(tx: Tx, guest: CartRow, userId: number): Promise<void> {
  if (guest.recordado === null || guest.lineas.length === 0) return;
  const [account] = await tx
    .update(carrito)
    .set({ recordado: sql`coalesce(${carrito.recordado}, ${guest.recordado})` })
    .where(and(eq(carrito.id_usuario, userId), sql`${carrito.lineas} <> '[]'::jsonb`))
    .returning({ id: carrito.id });
  if (!account) return;
  await tx
    .update(carritoRecordatorio)
    .set({ id_carrito: account.id })
    .where(and(eq(carritoRecordatorio.id_carrito, guest.id), isNull(carritoRecordatorio.id_venta)));
}

/**
 * PUT /api/carrito/invitado: the lines of this browser's cart, with the e-mail (and name) typed at
 * checkout. The cart the cookie names (`cartId`) takes them while its e-mail is the same; another e-mail
 * empties it and starts a new cart, counted against the address's and the e-mail's limits. An empty cart
 * starts nothing. Answers the cart and its id, which the cookie names from then on.
 */
export async function saveGuestCart({
  db,
  cartId,
  input,
  ip,
}: {
  db: Db;
  cartId: number | null;
  input: GuestCartInput;
  ip: string;
}): Promise<{ id: number | null; cart: SavedCart }> {
  const lines = await tidy(db, input.lineas);
  const nombre = input.nombre?.trim() || null;
  const [current] =
    cartId === null
      ? []
      : await db
          .select({ email: carrito.email_invitado })
          .from(carrito)
          .where(and(eq(carrito.id, cartId), isNull(carrito.id_usuario)));
  if (cartId !== null && current && (current.email === input.email || lines.length === 0)) {
    const row = await db.transaction(async (tx) => {
      const locked = await lockedGuestCart(tx, cartId);
      if (!locked) return undefined;
      if (nombre && locked.email_invitado === input.email && locked.nombre_invitado !== nombre)
        await tx.update(carrito).set({ nombre_invitado: nombre }).where(eq(carrito.id, cartId));
      return writeLines(tx, locked, lines);
    });
    return { id: cartId, cart: toSavedCart(row) };
  }
  if (lines.length === 0) return { id: null, cart: toSavedCart(undefined) };
  await countGuestCart(db, input.email, ip);
  const row = await db.transaction(async (tx) => {
    const previous = current && cartId !== null ? await lockedGuestCart(tx, cartId) : undefined;
    if (previous) await writeLines(tx, previous, []);
    const [created] = await tx
      .insert(carrito)
      .values({
        email_invitado: input.email,
        nombre_invitado: nombre,
        lineas: lines,
        desde: sql`now()`,
      })
      .returning();
    return created as CartRow;
  });
  return { id: row.id, cart: toSavedCart(row) };
}

/**
 * POST /api/carrito/invitado/recuperar: the reminder's link opened in any browser. Its own lines join the
 * saved cart's (the shared merge), and the answer says whose cart it is, so the checkout is filled in. For
 * a signed-in customer (`userId`) the lines join the account's cart instead, with the reminder
 * (takeReminder), and the guest cart is emptied: one cart, one reminder. 404 for a cart or token the shop
 * did not sign.
 */
export async function recoverGuestCart({
  db,
  secret,
  input,
  userId,
}: {
  db: Db;
  secret: string;
  input: GuestCartRecovery;
  userId: number | null;
}): Promise<GuestCart> {
  return db.transaction(async (tx) => {
    const row = await lockedGuestCart(tx, input.carrito);
    if (!row?.email_invitado || !isGuestCartLinkToken(secret, row.id, row.email_invitado, input.acceso))
      throw notFound(GUEST_CART_MESSAGES.linkInvalid);
    const lines = await tidy(tx, row.lineas, input.lineas);
    const named = { email: row.email_invitado, nombre: row.nombre_invitado };
    if (userId === null) {
      const kept = await writeLines(tx, row, lines);
      return { lineas: lines, actualizado: kept.actualizado.toISOString(), ...named };
    }
    await writeLines(tx, row, []);
    await mergeIntoCart(tx, userId, lines);
    await takeReminder(tx, row, userId);
    return { lineas: lines, actualizado: null, ...named };
  });
}
