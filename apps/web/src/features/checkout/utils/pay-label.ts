import { type Cents, CURRENCY, formatAmount, fromCents } from '@vitrina/shared';

/** The amount as 'Pagar {total} USD' shows it: two decimals, no '$' prefix. */
export const payAmount = (cents: Cents): string => `${formatAmount(fromCents(cents))} ${CURRENCY}`;

/** 'Pagar 39.80 USD' (SPEC §2, §9). */
export const payLabel = (cents: Cents): string => `Pagar ${payAmount(cents)}`;
