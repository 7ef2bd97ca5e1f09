import { z } from 'zod';
import { CURRENCIES, type CurrencyCode } from './currency';
import { type Cents, formatMoney, fromCents } from './pricing';
import { singleLineText } from './validation/text';

/*
 * Prices include tax, as shops in Latin America and Spain show them (docs/decisions/058-tax-included.md).
 * The shop never adds tax: it says how much of a total was tax, 'Incluye IVA (16 %): $ 27,59'.
 */

/** A tax rate in hundredths of a percent (basis points): 16 % is 1600, 10,5 % is 1050. */
export type BasisPoints = number;

/**
 * The tax inside a tax-included total: total − total / (1 + rate), where the price before tax is rounded
 * to the nearest cent, halves up. The one rule for the order page, the e-mails and the packing list, in
 * integer arithmetic (BigInt: no float ever touches the amount).
 */
export function includedTaxCents(totalCents: Cents, rate: BasisPoints): Cents {
  if (rate <= 0 || totalCents <= 0) return 0;
  const total = BigInt(totalCents);
  const divisor = BigInt(10_000 + rate);
  // round(total × 10000 / divisor) = floor((2 × total × 10000 + divisor) / (2 × divisor))
  const beforeTax = (2n * total * 10_000n + divisor) / (2n * divisor);
  return Number(total - beforeTax);
}

/** '16', '10,5' or '10.5' (the currency's decimal mark): a rate as the shop's country writes it. */
export function formatRate(rate: BasisPoints, code: CurrencyCode): string {
  const whole = Math.trunc(rate / 100);
  const fraction = String(rate % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}${CURRENCIES[code].decimalMark}${fraction}`;
}

/** A tax as an order keeps it: its name and rate when it was placed. */
export interface IncludedTax {
  nombre: string;
  tasa: BasisPoints;
}

/**
 * 'Incluye IVA (16 %): $27.59' (a no-break space before the percent sign). A refund restates its own tax
 * with the same rule applied to the amount it gave back ('Incluye IVA (16 %): $1.38' of $10.00).
 */
export function includedTaxLine(tax: IncludedTax, totalCents: Cents, code: CurrencyCode): string {
  const amount = formatMoney(fromCents(includedTaxCents(totalCents, tax.tasa)), code);
  return `Incluye ${tax.nombre} (${formatRate(tax.tasa, code)}\u00a0%): ${amount}`;
}

export const TAX_NAME_MAX = 20;
export const TAX_RATE_MAX = 100;

/** The shop's tax setting (GET/PUT /api/ajustes/impuestos): off by default. `tasa` in percent (16, 10.5). */
export const taxSettingsSchema = z.object({
  activo: z.boolean({ error: 'Indica con sí o no si los precios incluyen impuesto' }),
  nombre: singleLineText({ error: 'Escribe el nombre del impuesto (por ejemplo, IVA)' })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, { error: 'Escribe el nombre del impuesto (por ejemplo, IVA)' })
        .max(TAX_NAME_MAX, { error: `El nombre del impuesto puede tener hasta ${TAX_NAME_MAX} caracteres` }),
    ),
  tasa: z
    .number({ error: 'La tasa debe ser un número' })
    .gt(0, { error: 'La tasa debe ser mayor que 0' })
    .max(TAX_RATE_MAX, { error: `La tasa no puede pasar de ${TAX_RATE_MAX} %` })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      error: 'La tasa puede tener hasta dos decimales',
    }),
});
export type TaxSettings = z.infer<typeof taxSettingsSchema>;
/** GET and PUT /api/ajustes/impuestos's answer (no transform, so it can be serialized). */
export const taxSettingsAnswerSchema = z.object({
  activo: z.boolean(),
  nombre: z.string(),
  tasa: z.number(),
});
export const TAX_SETTINGS_DEFAULT: TaxSettings = { activo: false, nombre: 'IVA', tasa: 16 };

/** Percent (16, 10.5) → basis points (1600, 1050). */
export const toBasisPoints = (percent: number): BasisPoints => Math.round(percent * 100);
