import { describe, expect, it } from 'vitest';
import { DEFAULT_LOW_STOCK, isLowStock, lowStockUnits, lowStockVariants, unitsText } from './low-stock';

const opciones = [
  { nombre: 'Talla', valores: ['S', 'M'] },
  { nombre: 'Color', valores: ['Rojo', 'Azul'] },
];
const variant = (valores: string[], stock: number, estado = true, stock_minimo: number | null = null) => ({
  valores,
  stock,
  estado,
  stock_minimo,
});

describe('isLowStock', () => {
  it('is true at or below the threshold, 5 unless told otherwise', () => {
    expect(DEFAULT_LOW_STOCK).toBe(5);
    expect(isLowStock(5)).toBe(true);
    expect(isLowStock(0)).toBe(true);
    expect(isLowStock(6)).toBe(false);
    expect(isLowStock(8, 10)).toBe(true);
  });
});

describe('lowStockVariants', () => {
  it('names the active variants running low, with their units', () => {
    const low = lowStockVariants(opciones, [
      variant(['S', 'Rojo'], 12),
      variant(['M', 'Azul'], 2),
      variant(['S', 'Azul'], 0),
      variant(['M', 'Rojo'], 1, false),
    ]);
    expect(low).toEqual([
      { label: 'Talla M · Azul', stock: 2 },
      { label: 'Talla S · Azul', stock: 0 },
    ]);
  });

  it("holds each variant to its own threshold, else the shop's", () => {
    const low = lowStockVariants(
      opciones,
      [variant(['S', 'Rojo'], 12, true, 20), variant(['M', 'Azul'], 2, true, 0), variant(['S', 'Azul'], 6)],
      8,
    );
    expect(low).toEqual([
      { label: 'Talla S · Rojo', stock: 12 },
      { label: 'Talla S · Azul', stock: 6 },
    ]);
  });

  it('says nothing for a product without options: its stock column already does', () => {
    expect(lowStockVariants([], [variant([], 1)])).toEqual([]);
  });
});

describe('lowStockUnits', () => {
  it('says a sold-out variant is agotada, one unit in the singular, more in the plural', () => {
    expect(lowStockUnits(0)).toBe('agotada');
    expect(lowStockUnits(1)).toBe('1 unidad');
    expect(lowStockUnits(6)).toBe('6 unidades');
    expect(unitsText(0)).toBe('0 unidades');
  });
});
