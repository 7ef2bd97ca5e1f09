import { type CurrencyCode, DEFAULT_CURRENCY, type FormatMoney, moneyFormatter } from '@vitrina/shared';
import { useMemo } from 'react';
import { useConfig } from './shop-config';

/*
 * Every amount the app shows is written in the shop's currency (SHOP_CURRENCY, GET /api/config's
 * `moneda`) as its country writes money. The currency comes from the config query, not from a global:
 * the server renders pages of one shop at a time, and the storefront's pages carry the config with their
 * data (app/router.tsx), so a rendered page and its hydration agree.
 */

/** The shop's currency; dollars (the server's default) until the config has arrived. */
export function useShopCurrency(): CurrencyCode {
  return useConfig().data?.moneda ?? DEFAULT_CURRENCY;
}

/** formatMoney in the shop's currency, for a component; helpers outside components receive it. */
export function useFormatMoney(): FormatMoney {
  const currency = useShopCurrency();
  return useMemo(() => moneyFormatter(currency), [currency]);
}
