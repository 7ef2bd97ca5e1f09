import { z } from 'zod';
import { type CurrencyCode, fitsCurrency } from './currency';
import { REGION_MAX, SHIPPING_MAX } from './orders';
import type { Cents } from './pricing';
import { regionsOf, SHIPPING_COUNTRIES } from './shipping-regions';
import { agreeing } from './validation/agreement';
import { singleLineText } from './validation/text';

/*
 * Shipping by zone, and pickup at the store (Ajustes › Envío, docs/decisions/082-shipping-zones.md). The
 * owner groups the country's regions into zones, each with its rate and free-shipping threshold; a region
 * in no zone pays the rest-of-country rate (the flat rate shops had before zones). Pickup costs nothing.
 * Amounts are integer cents (hundredths of the currency, as everywhere in the rules); the server decides
 * the rate of every quote and sale from these rules.
 */

export const SHIPPING_METHODS = ['domicilio', 'retiro'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

export const SHIPPING_METHOD_LABELS: Record<ShippingMethod, string> = {
  domicilio: 'Envío a domicilio',
  retiro: 'Retiro en tienda',
};

export const shippingMethodField = z
  .enum(SHIPPING_METHODS, { error: 'Elige envío a domicilio o retiro en tienda' })
  .default('domicilio');

export const ZONE_NAME_MAX = 60;
export const ZONES_MAX = 50;
export const PICKUP_TEXT_MAX = 200;

/** A rate: what shipping costs, and from which subtotal it is free (null: never free). */
export interface ShippingRate {
  tarifa: Cents;
  gratis_desde: Cents | null;
}

export interface ShippingZone extends ShippingRate {
  nombre: string;
  regiones: string[];
}

export interface PickupSettings {
  activo: boolean;
  direccion: string;
  horario: string;
}

/** GET and PUT /api/ajustes/envio (the owner's view): zones, the rest of the country, pickup. */
export interface ShippingSettings {
  zonas: ShippingZone[];
  resto: ShippingRate;
  retiro: PickupSettings;
}

export const PICKUP_DEFAULT: PickupSettings = { activo: false, direccion: '', horario: '' };

/** Where an order goes: to an address in a region (unknown for clients that send none), or to the store. */
export type ShippingDestination = { metodo: 'domicilio'; region?: string | undefined } | { metodo: 'retiro' };

/** The rate that applies to `region`: its zone's, or the rest of the country's. */
export function rateFor(settings: ShippingSettings, region: string | undefined): ShippingRate {
  const zone = region === undefined ? undefined : settings.zonas.find((z) => z.regiones.includes(region));
  return zone ?? settings.resto;
}

/** What shipping costs for a subtotal: nothing for pickup, otherwise the rate, free from its threshold on. */
export function deliveryCents(
  subtotalCents: Cents,
  settings: ShippingSettings,
  destination: ShippingDestination,
): Cents {
  if (destination.metodo === 'retiro') return 0;
  const { tarifa, gratis_desde } = rateFor(settings, destination.region);
  if (tarifa === 0) return 0;
  return gratis_desde !== null && subtotalCents >= gratis_desde ? 0 : tarifa;
}

export const SHIPPING_MESSAGES = {
  unknownRegion: (currency: CurrencyCode) => {
    const { pais, unaRegion } = SHIPPING_COUNTRIES[currency];
    return `Esa región no es de ${pais}: elige ${unaRegion} de la lista`;
  },
  regionRequired: (currency: CurrencyCode) => `Elige ${SHIPPING_COUNTRIES[currency].unaRegion} de la lista`,
  pickupOff: 'El retiro en tienda no está disponible. Elige envío a domicilio.',
} as const;

/** The 400 of a destination the shop does not ship to (a region of another country, pickup turned off). */
export function destinationProblem(
  destination: ShippingDestination,
  settings: ShippingSettings,
  currency: CurrencyCode,
): string | null {
  if (destination.metodo === 'retiro') return settings.retiro.activo ? null : SHIPPING_MESSAGES.pickupOff;
  if (destination.region === undefined) return null;
  return regionsOf(currency).includes(destination.region) ? null : SHIPPING_MESSAGES.unknownRegion(currency);
}

const cents = (label: string, currency: CurrencyCode) =>
  z
    .number({ error: `${label} debe ser un número` })
    .int({ error: `${label} va en centavos: un número entero` })
    .min(0, { error: `${label} no puede ser ${agreeing(label, 'negativo')}` })
    .max(SHIPPING_MAX * 100, { error: `${label} no puede pasar de ${SHIPPING_MAX * 100} centavos` })
    .refine((v) => fitsCurrency(v, currency), {
      error: `${label} en ${currency} no lleva centavos: usa un múltiplo de 100`,
    });

const rateSchema = (currency: CurrencyCode, where: string) =>
  z.object(
    {
      tarifa: cents(`La tarifa ${where}`, currency),
      gratis_desde: cents(`El mínimo para envío gratis ${where}`, currency)
        .refine((v) => v > 0, {
          error: `El mínimo para envío gratis ${where} debe ser mayor que 0 (o déjalo vacío)`,
        })
        .nullable()
        .default(null),
    },
    { error: `Falta la tarifa ${where}` },
  );

const pickupText = (label: string) =>
  singleLineText({ error: `${label} debe ser texto` })
    .max(PICKUP_TEXT_MAX, { error: `${label} puede tener hasta ${PICKUP_TEXT_MAX} caracteres` })
    .transform((v) => v.trim());

const inputs = new Map<CurrencyCode, ReturnType<typeof buildInputSchema>>();

/** PUT /api/ajustes/envio: regions from the shop's country, each in one zone at most. */
export function shippingSettingsInputSchema(currency: CurrencyCode) {
  let schema = inputs.get(currency);
  if (!schema) {
    schema = buildInputSchema(currency);
    inputs.set(currency, schema);
  }
  return schema;
}

function buildInputSchema(currency: CurrencyCode) {
  const known = new Set(regionsOf(currency));
  const zone = z
    .object(
      {
        nombre: singleLineText({ error: 'Escribe el nombre de la zona' })
          .transform((v) => v.trim())
          .refine((v) => v.length > 0, { error: 'Escribe el nombre de la zona' })
          .refine((v) => v.length <= ZONE_NAME_MAX, {
            error: `El nombre de la zona puede tener hasta ${ZONE_NAME_MAX} caracteres`,
          }),
        regiones: z
          .array(z.string({ error: 'Una región no es válida' }), { error: 'Elige las regiones de la zona' })
          .min(1, { error: 'Elige al menos una región para la zona' })
          .max(known.size, { error: 'La zona tiene más regiones que el país' })
          .superRefine((regions, ctx) => {
            const unknown = regions.filter((r) => !known.has(r));
            if (unknown.length > 0)
              ctx.addIssue({
                code: 'custom',
                message: `${unknown.map((r) => `«${r.slice(0, REGION_MAX)}»`).join(', ')} no ${unknown.length === 1 ? 'es una región' : 'son regiones'} de ${SHIPPING_COUNTRIES[currency].pais}`,
              });
            if (new Set(regions).size !== regions.length)
              ctx.addIssue({ code: 'custom', message: 'Una región aparece dos veces en la zona' });
          }),
        tarifa: cents('La tarifa de la zona', currency),
        gratis_desde: cents('El mínimo para envío gratis de la zona', currency)
          .refine((v) => v > 0, {
            error: 'El mínimo para envío gratis de la zona debe ser mayor que 0 (o déjalo vacío)',
          })
          .nullable()
          .default(null),
      },
      { error: 'Una zona no es válida' },
    )
    .transform((z) => ({ ...z, regiones: [...z.regiones].sort((a, b) => a.localeCompare(b, 'es')) }));

  return z
    .object({
      zonas: z
        .array(zone, { error: 'Las zonas deben ser una lista' })
        .max(ZONES_MAX, { error: `Puedes tener hasta ${ZONES_MAX} zonas` }),
      resto: rateSchema(currency, 'del resto del país'),
      retiro: z.object(
        {
          activo: z.boolean({ error: 'Indica con sí o no si ofreces retiro en tienda' }),
          direccion: pickupText('La dirección de retiro'),
          horario: pickupText('El horario de retiro'),
        },
        { error: 'Falta el retiro en tienda' },
      ),
    })
    .superRefine((input, ctx) => {
      const owner = new Map<string, string>();
      const names = new Set<string>();
      input.zonas.forEach((zone, i) => {
        const name = zone.nombre.toLowerCase();
        if (names.has(name))
          ctx.addIssue({
            code: 'custom',
            path: ['zonas', i, 'nombre'],
            message: `Ya hay una zona «${zone.nombre}»`,
          });
        names.add(name);
        for (const region of zone.regiones) {
          const other = owner.get(region);
          if (other !== undefined)
            ctx.addIssue({
              code: 'custom',
              path: ['zonas', i, 'regiones'],
              message: `${region} ya está en la zona «${other}»: cada región va en una sola zona`,
            });
          else owner.set(region, zone.nombre);
        }
      });
      if (input.retiro.activo && input.retiro.direccion === '')
        ctx.addIssue({
          code: 'custom',
          path: ['retiro', 'direccion'],
          message: 'Escribe la dirección donde se retiran los pedidos',
        });
      if (input.retiro.activo && input.retiro.horario === '')
        ctx.addIssue({
          code: 'custom',
          path: ['retiro', 'horario'],
          message: 'Escribe el horario en que se retiran los pedidos',
        });
    });
}

const rateAnswer = z.object({ tarifa: z.number().int(), gratis_desde: z.number().int().nullable() });
const pickupAnswer = z.object({ activo: z.boolean(), direccion: z.string(), horario: z.string() });

/**
 * GET /api/ajustes/envio: the country's regions and pickup for everyone (what the checkout needs); the
 * zones and rates too for the owner, as PUT answers.
 */
export const shippingSettingsAnswerSchema = z.object({
  pais: z.string(),
  nombre_region: z.string(),
  regiones: z.array(z.string()),
  retiro: pickupAnswer,
  zonas: z
    .array(
      rateAnswer.extend({
        nombre: z.string(),
        regiones: z.array(z.string()),
      }),
    )
    .optional(),
  resto: rateAnswer.optional(),
});
export type ShippingSettingsAnswer = z.infer<typeof shippingSettingsAnswerSchema>;
