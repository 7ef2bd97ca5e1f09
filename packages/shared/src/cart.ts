import { CART_MAX_ITEMS, CART_MAX_UNITS_PER_PRODUCT, CART_MIN_QUANTITY } from './constants';

/** A cart line as the browser stores it (SPEC §3: id and quantity). */
export interface CartLine {
  id: number;
  cantidad: number;
}

/** What the rules need to know of a product. */
export interface CartProduct {
  id_producto: number;
  nombre: string;
  stock: number;
}

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
 * Sets a product's quantity in the cart, checking in SPEC's order: the cart's total of 50, the 25 units
 * of one product, then the stock. Returns the new lines or the reason for refusing.
 */
export function setLineQuantity(
  lines: readonly CartLine[],
  product: CartProduct,
  quantity: number,
): CartChange {
  const wanted = clampQuantity(quantity);
  const others = cartCount(lines.filter((l) => l.id !== product.id_producto));
  const current = lines.find((l) => l.id === product.id_producto)?.cantidad ?? 0;
  // Going down is never refused, even when the line is above today's stock.
  if (current > 0 && wanted <= current) {
    return {
      ok: true,
      lines: lines.map((l) => (l.id === product.id_producto ? { ...l, cantidad: wanted } : l)),
    };
  }
  if (wanted > current && others + current >= CART_MAX_ITEMS)
    return { ok: false, problem: cartProblems.full };
  if (others + wanted > CART_MAX_ITEMS) return { ok: false, problem: cartProblems.almostFull };
  if (wanted > CART_MAX_UNITS_PER_PRODUCT)
    return { ok: false, problem: cartProblems.perProduct(product.nombre) };
  if (wanted > product.stock) return { ok: false, problem: cartProblems.stock(product.nombre) };
  const next = current
    ? lines.map((l) => (l.id === product.id_producto ? { ...l, cantidad: wanted } : l))
    : [...lines, { id: product.id_producto, cantidad: wanted }];
  return { ok: true, lines: next };
}

/** Adds units of a product to what the cart already holds of it. */
export function addToCart(lines: readonly CartLine[], product: CartProduct, quantity: number): CartChange {
  const current = lines.find((l) => l.id === product.id_producto)?.cantidad ?? 0;
  return setLineQuantity(lines, product, current + clampQuantity(quantity));
}

/** One unit less (never below 1): needs nothing of the product, which may no longer be available. */
export const decreaseLine = (lines: readonly CartLine[], id: number): CartLine[] =>
  lines.map((l) => (l.id === id ? { ...l, cantidad: clampQuantity(l.cantidad - 1) } : l));

export const removeFromCart = (lines: readonly CartLine[], id: number): CartLine[] =>
  lines.filter((l) => l.id !== id);
