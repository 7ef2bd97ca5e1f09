/*
 * The local-storage keys of SPEC §3 and safe access to them (storage can be disabled or full).
 * `estaLogueado` is informational only: the session lives in an HttpOnly cookie and the server decides.
 */
export const LOGIN_TYPE_KEY = 'estaLogueado';
export const CART_KEY = 'cart';
export const CART_COUNT_KEY = 'cart count';

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage disabled or full: these keys are conveniences, nothing depends on them.
  }
}
