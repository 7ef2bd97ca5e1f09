import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addToCart,
  type CartLine,
  canAddToCart,
  cartCount,
  cartProblems,
  clampQuantity,
  decreaseLine,
  removeFromCart,
  setLineQuantity,
} from './cart';

const product = (id: number, stock = 100, nombre = `Producto ${id}`) => ({ id_producto: id, nombre, stock });
const lines = (...pairs: Array<[number, number]>): CartLine[] =>
  pairs.map(([id, cantidad]) => ({ id, cantidad }));

describe('canAddToCart (SPEC §9)', () => {
  it('is disabled from a quantity of 26', () => {
    expect(canAddToCart(25, 0)).toBe(true);
    expect(canAddToCart(26, 0)).toBe(false);
  });

  it('is disabled when quantity plus the cart count reaches 51', () => {
    expect(canAddToCart(1, 49)).toBe(true);
    expect(canAddToCart(1, 50)).toBe(false);
    expect(canAddToCart(25, 25)).toBe(true);
    expect(canAddToCart(25, 26)).toBe(false);
  });

  it('matches its definition for any quantity and count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 100 }), (q, count) => {
        expect(canAddToCart(q, count)).toBe(q < 26 && q + count < 51);
      }),
    );
  });
});

describe('clampQuantity', () => {
  it('starts at 1 and never goes below it', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(-3)).toBe(1);
    expect(clampQuantity(Number.NaN)).toBe(1);
    expect(clampQuantity(2.7)).toBe(2);
    expect(clampQuantity(7)).toBe(7);
  });
});

describe('addToCart and setLineQuantity', () => {
  it('adds a new line and adds units to an existing one', () => {
    const first = addToCart([], product(1), 2);
    expect(first).toEqual({ ok: true, lines: lines([1, 2]) });
    const again = addToCart(first.ok ? first.lines : [], product(1), 3);
    expect(again).toEqual({ ok: true, lines: lines([1, 5]) });
  });

  it('allows 25 units of one product and refuses the 26th with SPEC’s message', () => {
    expect(addToCart([], product(1), 25).ok).toBe(true);
    expect(addToCart(lines([1, 25]), product(1, 100, 'Taza'), 1)).toEqual({
      ok: false,
      problem: { title: 'Máximo 25 unidades de Taza por compra', text: 'Solo 25 unidades por compra' },
    });
  });

  it('never goes above the stock', () => {
    expect(addToCart(lines([1, 3]), product(1, 4), 1).ok).toBe(true);
    expect(addToCart(lines([1, 4]), product(1, 4, 'Taza'), 1)).toEqual({
      ok: false,
      problem: cartProblems.stock('Taza'),
    });
    expect(cartProblems.stock('Taza').title).toBe('Máximas unidades disponibles de Taza alcanzadas');
  });

  it('says the cart is full at 50 items and about to fill when the addition would pass 50', () => {
    const full = lines([1, 25], [2, 25]);
    expect(addToCart(full, product(3), 1)).toEqual({ ok: false, problem: cartProblems.full });
    expect(cartProblems.full).toEqual({
      title: 'Carrito lleno',
      text: 'No puedes agregar más de 50 productos',
    });
    expect(addToCart(lines([1, 25], [2, 20]), product(3), 6)).toEqual({
      ok: false,
      problem: cartProblems.almostFull,
    });
    expect(cartProblems.almostFull.title).toBe('Carrito a punto de llenarse');
    expect(addToCart(lines([1, 25], [2, 20]), product(3), 5).ok).toBe(true);
  });

  it('always lets a quantity go down, even above today’s stock, but never below 1', () => {
    expect(setLineQuantity(lines([1, 10]), product(1, 2), 9)).toEqual({ ok: true, lines: lines([1, 9]) });
    expect(setLineQuantity(lines([1, 10]), product(1, 2), 0)).toEqual({ ok: true, lines: lines([1, 1]) });
    expect(decreaseLine(lines([1, 1], [2, 5]), { id: 2 })).toEqual(lines([1, 1], [2, 4]));
    expect(decreaseLine(lines([1, 1]), { id: 1 })).toEqual(lines([1, 1]));
  });

  it('removes a line', () => {
    expect(removeFromCart(lines([1, 2], [2, 3]), { id: 1 })).toEqual(lines([2, 3]));
  });

  it('never produces a cart above 50 items, 25 units of a product or its stock', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: -3, max: 30 })), {
          maxLength: 40,
        }),
        fc.integer({ min: 0, max: 40 }),
        (steps, stock) => {
          let cart: CartLine[] = [];
          for (const [id, quantity] of steps) {
            const result = addToCart(cart, product(id, stock), quantity);
            if (result.ok) cart = result.lines;
          }
          expect(cartCount(cart)).toBeLessThanOrEqual(50);
          for (const line of cart) {
            expect(line.cantidad).toBeGreaterThanOrEqual(1);
            expect(line.cantidad).toBeLessThanOrEqual(Math.min(25, stock));
          }
        },
      ),
    );
  });
});

describe('a cart line is a variant', () => {
  const shirt = (id_variante: number, stock = 100, etiqueta = `Talla ${id_variante}`) => ({
    id_producto: 7,
    nombre: 'Camiseta',
    stock,
    id_variante,
    etiqueta,
  });

  it('keeps one line per variant of a product, and adds units to the right one', () => {
    const first = addToCart([], shirt(1), 2);
    const second = addToCart(first.ok ? first.lines : [], shirt(2), 3);
    const again = addToCart(second.ok ? second.lines : [], shirt(1), 1);
    expect(again).toEqual({
      ok: true,
      lines: [
        { id: 7, variante: 1, cantidad: 3 },
        { id: 7, variante: 2, cantidad: 3 },
      ],
    });
  });

  it('counts all the variants of a product against its 25 units per purchase', () => {
    const cart: CartLine[] = [
      { id: 7, variante: 1, cantidad: 20 },
      { id: 8, cantidad: 5 },
    ];
    expect(addToCart(cart, shirt(2), 5).ok).toBe(true);
    expect(addToCart(cart, shirt(2), 6)).toEqual({ ok: false, problem: cartProblems.perProduct('Camiseta') });
    expect(setLineQuantity([...cart, { id: 7, variante: 2, cantidad: 5 }], shirt(1), 21).ok).toBe(false);
  });

  it('checks each variant against its own stock, naming the variant', () => {
    const cart: CartLine[] = [{ id: 7, variante: 1, cantidad: 4 }];
    expect(addToCart(cart, shirt(2, 5), 5).ok).toBe(true);
    expect(addToCart(cart, shirt(1, 5, 'Talla M · Azul'), 2)).toEqual({
      ok: false,
      problem: cartProblems.stock('Camiseta (Talla M · Azul)'),
    });
  });

  it('removes or lowers only the variant asked for', () => {
    const cart: CartLine[] = [
      { id: 7, variante: 1, cantidad: 2 },
      { id: 7, variante: 2, cantidad: 3 },
    ];
    expect(removeFromCart(cart, { id: 7, variante: 1 })).toEqual([{ id: 7, variante: 2, cantidad: 3 }]);
    expect(decreaseLine(cart, { id: 7, variante: 2 })).toEqual([
      { id: 7, variante: 1, cantidad: 2 },
      { id: 7, variante: 2, cantidad: 2 },
    ]);
  });

  it('takes a line stored before variants as the product without options', () => {
    expect(addToCart([{ id: 3, cantidad: 1 }], product(3), 1)).toEqual({ ok: true, lines: lines([3, 2]) });
  });
});
