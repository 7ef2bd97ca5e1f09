import { CART_MAX_ITEMS, CART_MAX_UNITS_PER_PRODUCT, CART_MIN_QUANTITY } from './constants';
import { lineName } from './variants';

/** Which line: a product, and its variant when it has options (a product without options needs none). */
export interface CartLineKey {
  id: number;
  variante?: number | undefined;
}

/** A cart line as the browser stores it (SPEC §3: id and quantity), plus the variant it is. */
export interface CartLine extends CartLineKey {
  cantidad: number;
}

/**
 * What the rules need to know of a product, or of the variant the line is: `stock` is that variant's, and
 * `etiqueta` its label ('Talla M · Azul') for the messages.
 */
export interface CartProduct {
  id_producto: number;
  nombre: string;
  stock: number;
  id_variante?: number | undefined;
  etiqueta?: string | undefined;
}

/** Whether two lines are the same product and variant; a line stored before variants has none. */
export const sameLine = (a: CartLineKey, b: CartLineKey): boolean =>
  a.id === b.id && (a.variante ?? null) === (b.variante ?? null);

const keyOf = (product: CartProduct): CartLineKey => ({
  id: product.id_producto,
  ...(product.id_variante !== undefined && { variante: product.id_variante }),
});

/** A refusal with SPEC §8's title and text. */
export interface CartProblem {
  title: string;
  text: string;
}

export type CartChange = { ok: true; lines: CartLine[] } | { ok: false; problem: CartProblem };

export const cartCount = (lines: readonly CartLine[]): number => lines.reduce((n, l) => n + l.cantidad, 0);

/**
 * SPEC §9: "Agregar al carrito" is disabled when the chosen quantity is 26 or more, or when it would
 * take the cart to 51 or more.
 */
export function canAddToCart(quantity: number, count: number): boolean {
  return quantity < CART_MAX_UNITS_PER_PRODUCT + 1 && quantity + count < CART_MAX_ITEMS + 1;
}

/** Quantity pickers start at 1 and never go below it. */
export const clampQuantity = (quantity: number): number =>
  Math.max(CART_MIN_QUANTITY, Math.floor(Number.isFinite(quantity) ? quantity : CART_MIN_QUANTITY));

export const cartProblems = {
  full: { title: 'Carrito lleno', text: `No puedes agregar más de ${CART_MAX_ITEMS} productos` },
  almostFull: {
    title: 'Carrito a punto de llenarse',
    text: `Solo puedes llevar ${CART_MAX_ITEMS} productos por compra`,
  },
  perProduct: (nombre: string) => ({
    title: `Máximo ${CART_MAX_UNITS_PER_PRODUCT} unidades de ${nombre} por compra`,
    text: `Solo ${CART_MAX_UNITS_PER_PRODUCT} unidades por compra`,
  }),
  stock: (nombre: string) => ({
    title: `Máximas unidades disponibles de ${nombre} alcanzadas`,
    text: 'No hay más unidades en existencia',
  }),
} as const;

/**
 * Sets a line's quantity in the cart, checking in SPEC's order: the cart's total of 50, the 25 units of
 * one product (all its variants together), then the variant's stock. Returns the new lines or the reason
 * for refusing.
 */
export function setLineQuantity(
  lines: readonly CartLine[],
  product: CartProduct,
  quantity: number,
): CartChange {
  const key = keyOf(product);
  const wanted = clampQuantity(quantity);
  const others = cartCount(lines.filter((l) => !sameLine(l, key)));
  const current = lines.find((l) => sameLine(l, key))?.cantidad ?? 0;
  const set = (l: CartLine) => (sameLine(l, key) ? { ...l, cantidad: wanted } : l);
  // Going down is never refused, even when the line is above today's stock.
  if (current > 0 && wanted <= current) return { ok: true, lines: lines.map(set) };
  if (wanted > current && others + current >= CART_MAX_ITEMS)
    return { ok: false, problem: cartProblems.full };
  if (others + wanted > CART_MAX_ITEMS) return { ok: false, problem: cartProblems.almostFull };
  const otherVariants = cartCount(lines.filter((l) => l.id === key.id && !sameLine(l, key)));
  if (otherVariants + wanted > CART_MAX_UNITS_PER_PRODUCT)
    return { ok: false, problem: cartProblems.perProduct(product.nombre) };
  if (wanted > product.stock)
    return { ok: false, problem: cartProblems.stock(lineName(product.nombre, product.etiqueta ?? '')) };
  const next = current ? lines.map(set) : [...lines, { ...key, cantidad: wanted }];
  return { ok: true, lines: next };
}

/** Adds units of a product (of one variant) to what the cart already holds of it. */
export function addToCart(lines: readonly CartLine[], product: CartProduct, quantity: number): CartChange {
  const current = lines.find((l) => sameLine(l, keyOf(product)))?.cantidad ?? 0;
  return setLineQuantity(lines, product, current + clampQuantity(quantity));
}

/** One unit less (never below 1): needs nothing of the product, which may no longer be available. */
export const decreaseLine = (lines: readonly CartLine[], key: CartLineKey): CartLine[] =>
  lines.map((l) => (sameLine(l, key) ? { ...l, cantidad: clampQuantity(l.cantidad - 1) } : l));

export const removeFromCart = (lines: readonly CartLine[], key: CartLineKey): CartLine[] =>
  lines.filter((l) => !sameLine(l, key));
