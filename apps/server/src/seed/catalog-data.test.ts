import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SEED_CATALOG } from './catalog-data';
import { categoryImage, productImage } from './images';
import { seedPrices } from './seed';

const EXPECTED_CATEGORIES = [
  'Indumentaria',
  'Electrodomesticos',
  'Informatica',
  'Cosmética',
  'Alimentos',
  'Juguetes',
  'Muebles',
  'Jardinería',
  'Deportes',
  'Joyería',
  'Herramientas',
];

const all = SEED_CATALOG.flatMap((c) => c.productos.map((p) => ({ ...p, categoryId: c.id })));
const visible = (p: { estado: boolean; stock: number }) => p.estado && p.stock > 0;
const category = (id: number) => SEED_CATALOG.find((c) => c.id === id)?.productos ?? [];

describe('SEED_CATALOG', () => {
  it('has the 11 categories with ids 1..11 and their exact names', () => {
    expect(SEED_CATALOG.map((c) => [c.id, c.nombre])).toEqual(EXPECTED_CATEGORIES.map((n, i) => [i + 1, n]));
  });

  it('has 11 products per category and at least 9 visible ones (two listing pages of 8)', () => {
    for (const c of SEED_CATALOG) {
      expect(c.productos, c.nombre).toHaveLength(11);
      expect(c.productos.filter(visible).length, c.nombre).toBeGreaterThanOrEqual(9);
    }
  });

  it('contains the products other tests look for', () => {
    const licuadoras = category(2).filter((p) => p.nombre.includes('Licuadora'));
    expect(licuadoras).toHaveLength(1);
    expect(licuadoras.every(visible)).toBe(true);
    expect(category(1).some((p) => p.nombre.startsWith('Camiseta '))).toBe(true);
    expect(category(8).some((p) => visible(p) && p.nombre.toLowerCase().includes('jardinería'))).toBe(true);
  });

  it('has unique, reasonably sized names and descriptions', () => {
    expect(new Set(all.map((p) => p.nombre)).size).toBe(all.length);
    for (const p of all) {
      const words = p.nombre.split(/\s+/).length;
      expect(words, p.nombre).toBeGreaterThanOrEqual(2);
      expect(words, p.nombre).toBeLessThanOrEqual(6);
      expect(p.descripcion.length, p.nombre).toBeGreaterThanOrEqual(60);
      expect(p.descripcion.length, p.nombre).toBeLessThanOrEqual(250);
    }
  });

  it('uses two-decimal prices and discounts 5–45 % below the price', () => {
    for (const p of all) {
      expect(p.valor, p.nombre).toMatch(/^\d+\.\d{2}$/);
      expect(Number.isInteger(p.stock) && p.stock >= 0, p.nombre).toBe(true);
      if (p.valorDescuento === null) continue;
      expect(p.valorDescuento, p.nombre).toMatch(/^\d+\.\d{2}$/);
      const [valor, descuento] = [Number(p.valor), Number(p.valorDescuento)];
      expect(descuento, p.nombre).toBeGreaterThan(0);
      expect(descuento, p.nombre).toBeLessThan(valor);
      const off = (valor - descuento) / valor;
      expect(off, p.nombre).toBeGreaterThanOrEqual(0.05);
      expect(off, p.nombre).toBeLessThanOrEqual(0.45);
    }
  });

  it('mixes discounted, sold-out and inactive products', () => {
    const share = all.filter((p) => p.valorDescuento !== null).length / all.length;
    expect(share).toBeGreaterThanOrEqual(0.25);
    expect(share).toBeLessThanOrEqual(0.42);
    const soldOut = all.filter((p) => p.stock === 0).length;
    expect(soldOut).toBeGreaterThanOrEqual(5);
    expect(soldOut).toBeLessThanOrEqual(8);
    const inactive = all.filter((p) => !p.estado).length;
    expect(inactive).toBeGreaterThanOrEqual(4);
    expect(inactive).toBeLessThanOrEqual(6);
  });
});

describe('seed images', () => {
  const isWebp = (buf: Buffer) =>
    buf.subarray(0, 4).toString('ascii') === 'RIFF' && buf.subarray(8, 12).toString('ascii') === 'WEBP';

  it('renders a 480x480 WebP product image', async () => {
    const buf = await productImage(3, 0);
    expect(isWebp(buf)).toBe(true);
    const meta = await sharp(buf).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 480, 480]);
  });

  it('renders a 640x400 WebP category image', async () => {
    const buf = await categoryImage(8);
    expect(isWebp(buf)).toBe(true);
    const meta = await sharp(buf).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 400]);
  });

  it('draws every category and varies products within one', async () => {
    for (const c of SEED_CATALOG) expect((await productImage(c.id, 0)).length).toBeGreaterThan(0);
    expect((await productImage(1, 0)).equals(await productImage(1, 1))).toBe(false);
  });
});

describe('seedPrices', () => {
  it('keeps the catalog as written in a currency with cents', () => {
    expect(seedPrices('19.90', '15.90', 'EUR')).toEqual({ valor: '19.90', valor_descuento: '15.90' });
  });

  it('rounds every price to whole units in a currency without them, every discount still below its price', () => {
    expect(seedPrices('19.90', '15.90', 'CLP')).toEqual({ valor: '20.00', valor_descuento: '16.00' });
    // A discount that rounds up to its price is no discount any more.
    expect(seedPrices('10.40', '9.90', 'CLP')).toEqual({ valor: '10.00', valor_descuento: null });
    for (const p of all) {
      const { valor, valor_descuento } = seedPrices(p.valor, p.valorDescuento, 'COP');
      expect(valor, p.nombre).toMatch(/^[1-9]\d*\.00$/);
      if (valor_descuento !== null) {
        expect(valor_descuento, p.nombre).toMatch(/\.00$/);
        expect(Number(valor_descuento), p.nombre).toBeLessThan(Number(valor));
      }
    }
  });
});
