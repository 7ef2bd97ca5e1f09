/*
 * The local-storage keys of SPEC §3 and safe access to them (storage can be disabled or full).
 * `estaLogueado` is informational only: the session lives in an HttpOnly cookie and the server decides.
 */
export const LOGIN_TYPE_KEY = 'estaLogueado';
export const CART_KEY = 'cart';
export const CART_COUNT_KEY = 'cart count';
/** What this browser last agreed with the server's copy of the cart (features/cart/store/cart-sync.ts). */
export const CART_SYNCED_KEY = 'cart synced';
/** The e-mail and name a guest typed at checkout, while the server keeps their cart (lib/guest-cart.ts). */
export const GUEST_CART_KEY = 'guest cart';

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

type StorageListener = (key: string | null) => void;
const localListeners = new Set<StorageListener>();

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage disabled or full: these keys are conveniences, nothing depends on them.
  }
  // The browser's `storage` event only reaches the other tabs; this tab's readers hear it from here.
  for (const listener of localListeners) listener(key);
}

/**
 * Calls `listener` when one of `keys` changes, in this tab (through writeStorage) or in another one (the
 * `storage` event; a key of null means the other tab cleared all of local storage).
 */
export function subscribeStorage(keys: readonly string[], listener: () => void): () => void {
  const onKey = (key: string | null) => {
    if (key === null || keys.includes(key)) listener();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea === null || event.storageArea === window.localStorage) onKey(event.key);
  };
  localListeners.add(onKey);
  window.addEventListener('storage', onStorage);
  return () => {
    localListeners.delete(onKey);
    window.removeEventListener('storage', onStorage);
  };
}
