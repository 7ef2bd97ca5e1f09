import type { GuestCartInput, SavedCart } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { type GuestCartOwner, readGuestCartOwner, writeGuestCartOwner } from '../../../lib/guest-cart';
import { GUEST_CART_KEY, subscribeStorage } from '../../../lib/local-storage';
import { subscribeCart } from './cart-store';
import { CART_SYNC_DELAY_MS, localLines } from './cart-sync';

/*
 * A visitor's cart kept on the server once they typed a valid e-mail at checkout, for its one reminder
 * (docs/decisions/095-guest-carts.md). The local cart stays the first copy: a moment after it changes, or
 * after the e-mail or name does, this browser sends it with them (PUT /api/carrito/invitado). Nothing is
 * read back: a guest's cart comes back only through the reminder's link.
 */

/**
 * Saves `lines` (this browser's cart) for `owner`, one save at a time across the browser's tabs (every tab
 * hears a change): the first save starts the cart and sets its cookie, the next ones find it.
 */
function save(owner: GuestCartOwner, lines = localLines()): Promise<unknown> {
  const put = () =>
    api<SavedCart>('/carrito/invitado', {
      method: 'PUT',
      body: { ...owner, lineas: lines } satisfies GuestCartInput,
    });
  return typeof navigator !== 'undefined' && navigator.locks
    ? navigator.locks.request('carrito invitado', put)
    : put();
}

/** The checkout's e-mail (and name) turned valid: the cart is saved with them from now on. */
export const rememberGuest = (owner: GuestCartOwner) => writeGuestCartOwner(owner);

/** A sign-in: the account's cart takes the lines (the server empties the guest's), this browser stops. */
export const forgetGuest = () => writeGuestCartOwner(null);

/**
 * After the guest's order, which emptied the saved cart: this browser says once more that it is empty (a
 * save sent while the order was being placed may have landed after it, and would be reminded of) and
 * stops saving until an e-mail is typed again.
 */
export function closeGuestCart(): void {
  const owner = readGuestCartOwner();
  writeGuestCartOwner(null);
  if (owner) save(owner, []).catch(() => {});
}

/** Keeps a visitor's cart saved while they are known by an e-mail, until the returned function stops it. */
export function startGuestCartSync(delayMs = CART_SYNC_DELAY_MS): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const owner = readGuestCartOwner();
      // Offline, or too many carts from this address: the next change tries again.
      if (owner) save(owner).catch(() => {});
    }, delayMs);
  };
  const stopCart = subscribeCart(() => {
    if (readGuestCartOwner()) later();
  });
  const stopOwner = subscribeStorage([GUEST_CART_KEY], later);
  return () => {
    clearTimeout(timer);
    stopCart();
    stopOwner();
  };
}
