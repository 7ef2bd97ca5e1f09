import { mergeCarts, type SavedCart, type SavedCartLine, sameCartLines } from '@vitrina/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { carrito, carritoRecordatorio } from '../../db/schema';
import { availableStock } from '../catalog';

/*
 * The server's copy of a signed-in shopper's cart (docs/decisions/080-saved-carts.md). The browser's local
 * cart stays the first copy: it sends its lines here on every change and merges with this copy when the
 * shopper signs in. Whatever arrives is tidied by the shared rules (limits, stock) before it is kept. A
 * guest's cart (guest-carts.ts) is kept by the same rules.
 */

export type CartRow = typeof carrito.$inferSelect;

export const toSavedCart = (row: CartRow | undefined): SavedCart => ({
  lineas: row?.lineas ?? [],
  actualizado: row ? row.actualizado.toISOString() : null,
});

/** The shared rules over `lines` with today's stock (a product no longer sold has none). */
export async function tidy(
  db: Db | Tx,
  first: readonly SavedCartLine[],
  second: readonly SavedCartLine[] = [],
) {
  const stockOf = await availableStock(
    db,
    [...first, ...second].map((line) => line.id_producto),
  );
  return mergeCarts({ first, second, stockOf });
}

/** The shopper's row, locked for the rest of `tx`, created empty when they have none yet. */
async function lockedCart(tx: Tx, userId: number): Promise<CartRow> {
  await tx.insert(carrito).values({ id_usuario: userId }).onConflictDoNothing();
  const [row] = await tx.select().from(carrito).where(eq(carrito.id_usuario, userId)).for('update');
  return row as CartRow;
}

/**
 * Writes `lines` as the cart's contents unless they are what it holds already (then nothing changes: a
 * device repeating the cart does not make others reload it, nor postpone its reminder). A cart that
 * empties forgets its reminder, so the next one it holds can have its own.
 */
export async function writeLines(tx: Tx, row: CartRow, lines: SavedCartLine[]): Promise<CartRow> {
  if (sameCartLines(row.lineas, lines)) return row;
  const empty = lines.length === 0;
  const [updated] = await tx
    .update(carrito)
    .set({
      lineas: lines,
      actualizado: sql`now()`,
      desde: empty ? null : (row.desde ?? sql`now()`),
      ...(empty && { recordado: null }),
    })
    .where(eq(carrito.id, row.id))
    .returning();
  return updated as CartRow;
}

export async function getSavedCart({ db, userId }: { db: Db; userId: number }): Promise<SavedCart> {
  const [row] = await db.select().from(carrito).where(eq(carrito.id_usuario, userId));
  return toSavedCart(row);
}

/** PUT /api/carrito: the device's cart replaces the server's copy. */
export async function replaceSavedCart({
  db,
  userId,
  lines,
}: {
  db: Db;
  userId: number;
  lines: readonly SavedCartLine[];
}): Promise<SavedCart> {
  const tidied = await tidy(db, lines);
  return toSavedCart(
    await db.transaction(async (tx) => writeLines(tx, await lockedCart(tx, userId), tidied)),
  );
}

/** POST /api/carrito/fusionar: on sign-in, the device's cart and the server's become one (mergeCarts). */
export async function mergeSavedCart({
  db,
  userId,
  lines,
}: {
  db: Db;
  userId: number;
  lines: readonly SavedCartLine[];
}): Promise<SavedCart> {
  return toSavedCart(await db.transaction((tx) => mergeIntoCart(tx, userId, lines)));
}

/** `lines` joined to the account's cart (mergeCarts), in `tx`. */
export async function mergeIntoCart(
  tx: Tx,
  userId: number,
  lines: readonly SavedCartLine[],
): Promise<CartRow> {
  const row = await lockedCart(tx, userId);
  return writeLines(tx, row, await tidy(tx, lines, row.lineas));
}

/** Whose cart: an account's, or the guest cart a browser's cookie names. */
export type CartOwner = { userId: number } | { guestCartId: number };

/**
 * After an order: the cart is empty on every device too, and a reminder sent for it counts as recovered
 * by `orderId`. One statement, on the path of every order: most buyers' carts are already empty (or
 * were never saved) and nothing is written; a cart holding lines is emptied and, when it was reminded,
 * its latest reminder gets the order (an empty cart never holds a reminder: writeLines clears it).
 */
export async function emptySavedCart({
  db,
  cart,
  orderId,
}: {
  db: Db | Tx;
  cart: CartOwner;
  orderId: number;
}): Promise<void> {
  const clauses = emptiedCartClauses(db, cart, sql`${orderId}`);
  await db
    .with(...clauses)
    .select({ id: sql`id` })
    .from(sql`carrito_vaciado`);
}

/**
 * emptySavedCart as WITH clauses of another statement: the one that pays an order in its buyer's request
 * empties the cart too (docs/decisions/109-fewer-round-trips-under-lock.md). `owner` is the cart's, or
 * 'placeholders' for a prepared statement, whose values cartOwnerIds gives; `orderId` is the order's id,
 * perhaps an expression over a clause before these: when it is null (the statement paid nothing), the
 * cart is kept.
 */
export function emptiedCartClauses(
  db: Db | Tx,
  owner: CartOwner | null | undefined | 'placeholders',
  orderId: SQL,
) {
  const { carrito_usuario: userId, carrito_invitado: guestCartId } =
    owner === 'placeholders'
      ? {
          carrito_usuario: sql.placeholder('carrito_usuario'),
          carrito_invitado: sql.placeholder('carrito_invitado'),
        }
      : cartOwnerIds(owner);
  const before = db.$with('carrito_antes', {}).as(sql`
    SELECT id, recordado FROM ${carrito}
     WHERE (id_usuario = ${userId}::int OR (id = ${guestCartId}::int AND id_usuario IS NULL))
       AND lineas <> '[]'::jsonb AND ${orderId}::int IS NOT NULL
       FOR UPDATE`);
  const emptied = db.$with('carrito_vaciado', {}).as(sql`
    UPDATE ${carrito} c SET lineas = '[]'::jsonb, actualizado = now(), desde = NULL, recordado = NULL
      FROM carrito_antes antes WHERE c.id = antes.id
    RETURNING antes.id, antes.recordado`);
  const credited = db.$with('carrito_recuperado', {}).as(sql`
    UPDATE ${carritoRecordatorio} SET id_venta = ${orderId}
     WHERE id = (SELECT r.id FROM ${carritoRecordatorio} r JOIN carrito_vaciado v ON v.id = r.id_carrito
                  WHERE v.recordado IS NOT NULL AND r.id_venta IS NULL
                  ORDER BY r.enviado DESC LIMIT 1)`);
  return [before, emptied, credited] as const;
}

/** A cart's owner as emptiedCartClauses' two ids, one of them null; both null for no cart. */
export const cartOwnerIds = (cart: CartOwner | null | undefined) => ({
  carrito_usuario: cart && 'userId' in cart ? cart.userId : null,
  carrito_invitado: cart && 'guestCartId' in cart ? cart.guestCartId : null,
});

export async function getCartReminders({ db, userId }: { db: Db; userId: number }): Promise<boolean> {
  const [row] = await db
    .select({ off: carrito.sin_recordatorios })
    .from(carrito)
    .where(eq(carrito.id_usuario, userId));
  return !row?.off;
}

/** The profile's switch for the abandoned-cart reminder. */
export async function setCartReminders({
  db,
  userId,
  active,
}: {
  db: Db;
  userId: number;
  active: boolean;
}): Promise<void> {
  await db
    .insert(carrito)
    .values({ id_usuario: userId, sin_recordatorios: !active })
    .onConflictDoUpdate({ target: carrito.id_usuario, set: { sin_recordatorios: !active } });
}

/** The reminder's unsubscribe link; false when the token names no cart. */
export async function unsubscribeCartReminders({ db, token }: { db: Db; token: string }): Promise<boolean> {
  const rows = await db
    .update(carrito)
    .set({ sin_recordatorios: true })
    .where(eq(carrito.token_baja, token))
    .returning({ id: carrito.id_usuario });
  return rows.length > 0;
}
