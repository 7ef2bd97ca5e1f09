import {
  AJUSTES_DEFAULT,
  type Ajustes,
  centsToDecimal,
  fromCents,
  type GuestCheckoutSettings,
  type IncludedTax,
  isPaidLater,
  PAYMENT_SETTINGS_DEFAULT,
  type PaymentMethodSettings,
  type PaymentSettings,
  type ShippingSettings,
  TAX_SETTINGS_DEFAULT,
  type TaxSettings,
  toBasisPoints,
  toCents,
} from '@vitrina/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { ajustes } from '../../db/schema';
import { toGuestCheckout } from './guest-checkout-settings';
import { auditSettings, upsertSettingsRow } from './settings-row';
import { toShippingSettings } from './shipping-settings';

/*
 * The shop's settings (the one row of `ajustes`): the shipping rate and the free-shipping threshold, the
 * tax prices include, and the payment methods.
 * Checkout reads them as each process keeps them until the row's notification (orders' keptSettings,
 * docs/decisions/100-kept-settings.md); the cart shows the same rule from GET /api/ajustes (shared
 * shippingCents).
 */

type Row = typeof ajustes.$inferSelect;

const toAjustes = (row: Row | undefined): Ajustes =>
  row
    ? {
        envio_tarifa: fromCents(toCents(row.envio_tarifa)),
        envio_gratis_desde:
          row.envio_gratis_desde === null ? null : fromCents(toCents(row.envio_gratis_desde)),
      }
    : AJUSTES_DEFAULT;

export async function readSettings(db: Db | Tx): Promise<Ajustes> {
  return toAjustes(await readRow(db));
}

async function readRow(db: Db | Tx): Promise<Row | undefined> {
  const [row] = await db.select().from(ajustes).where(eq(ajustes.id, 1));
  return row;
}

/** What placing an order needs of the settings, from one read of the row in the order's transaction. */
export interface CheckoutSettings {
  shipping: ShippingSettings;
  /** The tax prices include, when the shop shows one. */
  tax: IncludedTax | null;
  paymentMethods: readonly PaymentMethodSettings[];
  /** Whether visitors may buy without an account. */
  guests: GuestCheckoutSettings;
}

export async function readCheckoutSettings(db: Db | Tx): Promise<CheckoutSettings> {
  const row = await readRow(db);
  return {
    shipping: toShippingSettings(row),
    tax: row?.impuesto_activo ? { nombre: row.impuesto_nombre, tasa: row.impuesto_tasa } : null,
    paymentMethods: toPaymentMethods(row),
    guests: toGuestCheckout(row),
  };
}

/** The stored methods, or the defaults (card only) when the owner never saved any. */
export const toPaymentMethods = (row: Row | undefined): readonly PaymentMethodSettings[] =>
  row?.metodos_pago ?? PAYMENT_SETTINGS_DEFAULT;

export async function readPaymentMethods(db: Db | Tx): Promise<readonly PaymentMethodSettings[]> {
  return toPaymentMethods(await readRow(db));
}

/** PUT /api/ajustes/pagos: replaces the methods (in the shopper's order), audited. */
export async function savePaymentMethods(
  db: Db,
  adminId: number,
  input: PaymentSettings,
): Promise<PaymentSettings> {
  return db.transaction(async (tx) => {
    const before = await readPaymentMethods(tx);
    const metodos = input.metodos.map((m) => ({
      ...m,
      // A card is paid at once: it reserves nothing.
      reserva_minutos: isPaidLater(m.id) ? m.reserva_minutos : null,
    }));
    await upsertSettingsRow(tx, { metodos_pago: metodos });
    await auditSettings(tx, {
      adminId,
      antes: { metodos_pago: summary(before) },
      despues: { metodos_pago: summary(metodos) },
    });
    return { metodos };
  });
}

/** The methods in the trail: which are on, in their order ('transferencia, tarjeta'). */
const summary = (methods: readonly PaymentMethodSettings[]) =>
  methods
    .filter((m) => m.activo)
    .map((m) => m.id)
    .join(', ');

const toTaxSettings = (row: Row | undefined): TaxSettings =>
  row
    ? { activo: row.impuesto_activo, nombre: row.impuesto_nombre, tasa: row.impuesto_tasa / 100 }
    : TAX_SETTINGS_DEFAULT;

const taxAudit = (tax: TaxSettings) => ({
  impuesto_activo: tax.activo,
  impuesto_nombre: tax.nombre,
  impuesto_tasa: tax.tasa,
});

export async function readTaxSettings(db: Db | Tx): Promise<TaxSettings> {
  return toTaxSettings(await readRow(db));
}

/** PUT /api/ajustes/impuestos: whether prices include a tax, its name and rate, audited. */
export async function saveTaxSettings(db: Db, adminId: number, input: TaxSettings): Promise<TaxSettings> {
  return db.transaction(async (tx) => {
    const before = await readTaxSettings(tx);
    const row = await upsertSettingsRow(tx, {
      impuesto_activo: input.activo,
      impuesto_nombre: input.nombre,
      impuesto_tasa: toBasisPoints(input.tasa),
    });
    const after = toTaxSettings(row);
    await auditSettings(tx, { adminId, antes: taxAudit(before), despues: taxAudit(after) });
    return after;
  });
}

/** PUT /api/ajustes: replaces both values and records the change in the audit trail. */
export async function saveSettings(db: Db, adminId: number, input: Ajustes): Promise<Ajustes> {
  return db.transaction(async (tx) => {
    const before = await readSettings(tx);
    const row = await upsertSettingsRow(tx, {
      envio_tarifa: centsToDecimal(toCents(input.envio_tarifa)),
      envio_gratis_desde:
        input.envio_gratis_desde === null ? null : centsToDecimal(toCents(input.envio_gratis_desde)),
    });
    const after = toAjustes(row);
    await auditSettings(tx, { adminId, antes: { ...before }, despues: { ...after } });
    return after;
  });
}
