import { useSyncExternalStore } from 'react';
import { GUEST_CART_KEY, readStorage, subscribeStorage, writeStorage } from './local-storage';

/*
 * A visitor who typed a valid e-mail at checkout has their cart kept by the server too, for its one
 * reminder (docs/decisions/095-guest-carts.md). This browser remembers who, so the cart keeps following its
 * changes (features/cart/store/guest-cart-sync.ts) and the checkout starts with that e-mail and name. The
 * server names the cart by an httpOnly cookie this code never sees.
 */

export interface GuestCartOwner {
  email: string;
  /** Once the name typed is valid. */
  nombre?: string;
}

function parseOwner(text: string | null): GuestCartOwner | null {
  try {
    const value = JSON.parse(text ?? 'null') as Partial<GuestCartOwner> | null;
    if (typeof value?.email !== 'string') return null;
    return { email: value.email, ...(typeof value.nombre === 'string' && { nombre: value.nombre }) };
  } catch {
    return null;
  }
}

/** The text last read and its owner, so that an unchanged owner keeps its identity for React. */
let cachedText: string | null | undefined;
let cachedOwner: GuestCartOwner | null = null;

export function readGuestCartOwner(): GuestCartOwner | null {
  const text = readStorage(GUEST_CART_KEY);
  if (text !== cachedText) {
    cachedText = text;
    cachedOwner = parseOwner(text);
  }
  return cachedOwner;
}

const subscribe = (listener: () => void) => subscribeStorage([GUEST_CART_KEY], listener);

/** Who this browser's saved guest cart is for, as it changes (none while the page renders on the server). */
export const useGuestCartOwner = () => useSyncExternalStore(subscribe, readGuestCartOwner, () => null);

/** Keeps who the saved cart is for; null forgets it (an order placed, a sign-in: no more saves). */
export function writeGuestCartOwner(owner: GuestCartOwner | null): void {
  const text = owner && JSON.stringify(owner);
  if (text !== readStorage(GUEST_CART_KEY)) writeStorage(GUEST_CART_KEY, text);
}
