import { type Cents, type CurrencyCode, formatCharge, fromCents } from '@vitrina/shared';

/** The amount as the pay button names it: SPEC's '39.80 USD', '$12.990 CLP' in Chilean pesos. */
export const payAmount = (cents: Cents, currency: CurrencyCode): string =>
  formatCharge(fromCents(cents), currency);

/** 'Pagar 39.80 USD' (SPEC §2, §9), 'Pagar $12.990 CLP'. */
export const payLabel = (cents: Cents, currency: CurrencyCode): string =>
  `Pagar ${payAmount(cents, currency)}`;
