import {
  type CurrencyCode,
  centsToDecimal,
  fromCents,
  PICKUP_DEFAULT,
  regionsOf,
  SHIPPING_COUNTRIES,
  type ShippingSettings,
  type ShippingSettingsAnswer,
  toCents,
} from '@vitrina/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { ajustes } from '../../db/schema';
import { auditSettings, upsertSettingsRow } from './settings-row';

/*
 * Ajustes › Envío (docs/decisions/082-shipping-zones.md): the zones live in `ajustes` beside the flat rate
 * shops had before them, which stays where it was as the rest-of-country rate, so nothing had to move.
 */

type Row = typeof ajustes.$inferSelect;

export const toShippingSettings = (row: Row | undefined): ShippingSettings => ({
  zonas: row?.envio_zonas ?? [],
  resto: {
    tarifa: row ? toCents(row.envio_tarifa) : 0,
    gratis_desde: row?.envio_gratis_desde == null ? null : toCents(row.envio_gratis_desde),
  },
  retiro: row
    ? { activo: row.retiro_activo, direccion: row.retiro_direccion, horario: row.retiro_horario }
    : PICKUP_DEFAULT,
});

export async function readShippingSettings(db: Db | Tx): Promise<ShippingSettings> {
  const [row] = await db.select().from(ajustes).where(eq(ajustes.id, 1));
  return toShippingSettings(row);
}

/**
 * GET /api/ajustes/envio: the country's regions and the pickup for everyone; the zones and rates too for
 * the owner (shoppers see the rate of their own region in the cart's quote).
 */
export function shippingAnswer(
  settings: ShippingSettings,
  currency: CurrencyCode,
  owner: boolean,
): ShippingSettingsAnswer {
  const country = SHIPPING_COUNTRIES[currency];
  const retiro = settings.retiro.activo ? settings.retiro : PICKUP_DEFAULT;
  return {
    pais: country.pais,
    nombre_region: country.nombreRegion,
    regiones: [...regionsOf(currency)],
    ...(owner ? { retiro: settings.retiro, zonas: settings.zonas, resto: settings.resto } : { retiro }),
  };
}

/** PUT /api/ajustes/envio: replaces the zones, the rest-of-country rate and the pickup, audited. */
export async function saveShippingSettings(
  db: Db,
  { adminId, input }: { adminId: number; input: ShippingSettings },
): Promise<ShippingSettings> {
  return db.transaction(async (tx) => {
    const before = await readShippingSettings(tx);
    const row = await upsertSettingsRow(tx, {
      envio_zonas: input.zonas,
      envio_tarifa: centsToDecimal(input.resto.tarifa),
      envio_gratis_desde: input.resto.gratis_desde === null ? null : centsToDecimal(input.resto.gratis_desde),
      retiro_activo: input.retiro.activo,
      retiro_direccion: input.retiro.direccion,
      retiro_horario: input.retiro.horario,
    });
    const after = toShippingSettings(row);
    await auditSettings(tx, { adminId, antes: auditOf(before), despues: auditOf(after) });
    return after;
  });
}

/** The trail's view: each zone in one line, the rest and the pickup. */
const auditOf = (s: ShippingSettings) => ({
  envio_zonas: s.zonas.map((z) => `${z.nombre}: ${z.regiones.join(', ')}`).join('; ') || 'Sin zonas',
  envio_tarifa: fromCents(s.resto.tarifa),
  envio_gratis_desde: s.resto.gratis_desde === null ? null : fromCents(s.resto.gratis_desde),
  retiro: s.retiro.activo ? `${s.retiro.direccion} (${s.retiro.horario})` : 'no',
});
