import type { LoginType } from '@vitrina/shared';
import { CART_COUNT_KEY, CART_KEY, CART_SYNCED_KEY, LOGIN_TYPE_KEY, writeStorage } from './local-storage';

/** Keeps `estaLogueado` = the session's login type (informational only, never trusted for access). */
export function rememberLoginType(login: LoginType | null): void {
  writeStorage(LOGIN_TYPE_KEY, login);
}

/** Forgets what this browser kept about the account: login type, cart, count and the cart's last sync. */
export function forgetAccountData(): void {
  for (const key of [LOGIN_TYPE_KEY, CART_KEY, CART_COUNT_KEY, CART_SYNCED_KEY]) writeStorage(key, null);
}
