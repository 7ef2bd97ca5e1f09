import { useSyncExternalStore } from 'react';
import { readStorage, subscribeStorage, writeStorage } from '../../../lib/local-storage';

/** The discount code typed in the cart: kept with the cart, so /pay and a reload still send it. */
const COUPON_KEY = 'cupon';

export function getCouponCode(): string | null {
  return readStorage(COUPON_KEY);
}

export function setCouponCode(code: string | null): void {
  writeStorage(COUPON_KEY, code?.trim() ? code.trim().toUpperCase() : null);
}

export function useCouponCode(): string | null {
  return useSyncExternalStore(
    (listener) => subscribeStorage([COUPON_KEY], listener),
    getCouponCode,
    () => null,
  );
}
