import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES } from './currency';
import { regionsOf, SHIPPING_COUNTRIES } from './shipping-regions';
import {
  deliveryCents,
  destinationProblem,
  PICKUP_DEFAULT,
  type ShippingSettings,
  shippingSettingsInputSchema,
} from './shipping-zones';

const PATAGONIA = {
  nombre: 'Patagonia',
  regiones: ['Tierra del Fuego', 'Santa Cruz', 'Chubut'],
  tarifa: 450_000,
  gratis_desde: null,
};

const SETTINGS: ShippingSettings = {
  zonas: [
    PATAGONIA,
    {
      nombre: 'AMBA',
      regiones: ['Ciudad Autónoma de Buenos Aires'],
      tarifa: 150_000,
      gratis_desde: 5_000_000,
    },
  ],
  resto: { tarifa: 250_000, gratis_desde: 8_000_000 },
  retiro: { activo: true, direccion: 'Av. Corrientes 1234, CABA', horario: 'Lunes a viernes de 10 a 18' },
};

describe('the regions that ship with the shop', () => {
  it.each([
    ['MXN', 32],
    ['ARS', 24],
    ['EUR', 52],
    ['COP', 33],
    ['CLP', 16],
    ['PEN', 25],
    ['UYU', 19],
    ['USD', 51],
  ] as const)("lists every one of %s's country (%i), each once", (currency, count) => {
    const regions = regionsOf(currency);
    expect(regions).toHaveLength(count);
    expect(new Set(regions).size).toBe(count);
  });

  it('has a country for every currency the shop sells in', () => {
    for (const code of CURRENCY_CODES) expect(SHIPPING_COUNTRIES[code].regiones.length).toBeGreaterThan(0);
    expect(regionsOf('ARS')).toContain('Tierra del Fuego');
    expect(regionsOf('MXN')).toContain('Ciudad de México');
    expect(regionsOf('EUR')).toContain('Santa Cruz de Tenerife');
  });
});

describe('the shipping an order pays', () => {
  it("charges a zone's rate to its regions and the rest-of-country rate elsewhere", () => {
    const to = (region?: string) => deliveryCents(1_000_000, SETTINGS, { metodo: 'domicilio', region });
    expect(to('Tierra del Fuego')).toBe(450_000);
    expect(to('Ciudad Autónoma de Buenos Aires')).toBe(150_000);
    expect(to('Córdoba')).toBe(250_000);
    // A client from before zones sends no region: the rest of the country, as the flat rate was.
    expect(to(undefined)).toBe(250_000);
  });

  it("is free from each rate's own threshold on, and a zone without one never ships free", () => {
    const at = (subtotal: number, region: string) =>
      deliveryCents(subtotal, SETTINGS, { metodo: 'domicilio', region });
    expect(at(4_999_999, 'Ciudad Autónoma de Buenos Aires')).toBe(150_000);
    expect(at(5_000_000, 'Ciudad Autónoma de Buenos Aires')).toBe(0);
    expect(at(8_000_000, 'Córdoba')).toBe(0);
    expect(at(50_000_000, 'Tierra del Fuego')).toBe(450_000);
  });

  it('costs nothing to pick up at the store', () => {
    expect(deliveryCents(1_000, SETTINGS, { metodo: 'retiro' })).toBe(0);
  });

  it('refuses a region of another country and pickup when the shop does not offer it', () => {
    expect(destinationProblem({ metodo: 'domicilio', region: 'Jalisco' }, SETTINGS, 'ARS')).toBe(
      'Esa región no es de Argentina: elige una provincia de la lista',
    );
    expect(destinationProblem({ metodo: 'domicilio', region: 'Chubut' }, SETTINGS, 'ARS')).toBeNull();
    expect(destinationProblem({ metodo: 'retiro' }, { ...SETTINGS, retiro: PICKUP_DEFAULT }, 'ARS')).toBe(
      'El retiro en tienda no está disponible. Elige envío a domicilio.',
    );
  });
});

describe('the settings an owner saves', () => {
  const schema = shippingSettingsInputSchema('ARS');
  const fields = (input: unknown) => {
    const result = schema.safeParse(input);
    if (result.success) return {};
    return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('keeps a valid set, with the regions in alphabetical order', () => {
    const result = schema.parse(SETTINGS);
    expect(result.zonas[0]?.regiones).toEqual(['Chubut', 'Santa Cruz', 'Tierra del Fuego']);
  });

  it('refuses a region in two zones, a region of another country and repeated zone names', () => {
    expect(
      fields({
        ...SETTINGS,
        zonas: [PATAGONIA, { nombre: 'patagonia', regiones: ['Texas'], tarifa: 100, gratis_desde: null }],
      }),
    ).toEqual({
      'zonas.1.regiones': '«Texas» no es una región de Argentina',
      'zonas.1.nombre': 'Ya hay una zona «patagonia»',
    });
    expect(
      fields({
        ...SETTINGS,
        zonas: [PATAGONIA, { nombre: 'Sur', regiones: ['Chubut'], tarifa: 100, gratis_desde: null }],
      }),
    ).toEqual({
      'zonas.1.regiones': 'Chubut ya está en la zona «Patagonia»: cada región va en una sola zona',
    });
  });

  it('says what is wrong with amounts and pickup', () => {
    expect(
      fields({
        zonas: [{ nombre: ' ', regiones: [], tarifa: 12.5, gratis_desde: 0 }],
        resto: { tarifa: -1, gratis_desde: null },
        retiro: { activo: true, direccion: '', horario: '' },
      }),
    ).toEqual({
      'zonas.0.nombre': 'Escribe el nombre de la zona',
      'zonas.0.regiones': 'Elige al menos una región para la zona',
      'zonas.0.tarifa': 'La tarifa de la zona va en centavos: un número entero',
      'zonas.0.gratis_desde': 'El mínimo para envío gratis de la zona debe ser mayor que 0 (o déjalo vacío)',
      'resto.tarifa': 'La tarifa del resto del país no puede ser negativa',
    });
    expect(fields({ ...SETTINGS, retiro: { activo: true, direccion: '', horario: '' } })).toEqual({
      'retiro.direccion': 'Escribe la dirección donde se retiran los pedidos',
      'retiro.horario': 'Escribe el horario en que se retiran los pedidos',
    });
  });

  it('takes whole pesos only in a currency without cents', () => {
    const clp = shippingSettingsInputSchema('CLP').safeParse({
      zonas: [],
      resto: { tarifa: 350_050, gratis_desde: null },
      retiro: PICKUP_DEFAULT,
    });
    expect(clp.error?.issues[0]?.message).toBe(
      'La tarifa del resto del país en CLP no lleva centavos: usa un múltiplo de 100',
    );
  });
});
