import {
  addToCart,
  type CartChange,
  type CartLine,
  type CartLineKey,
  type CartProduct,
  type Cents,
  cartCount,
  decreaseLine,
  NOTIFY_MS,
  type PricedProduct,
  paidCents,
  removeFromCart,
  sameLine,
  setLineQuantity,
} from '@vitrina/shared';
import { useSyncExternalStore } from 'react';
import {
  CART_COUNT_KEY,
  CART_KEY,
  readStorage,
  subscribeStorage,
  writeStorage,
} from '../../../lib/local-storage';
import { notify } from '../../../lib/notifications';

/**
 * The cart of this browser (SPEC §3, §4): the lines live in local storage under 'cart' and their count
 * under 'cart count', so they survive a reload and are shared by every tab. Every change goes through the
 * shared cart rules; a refusal shows SPEC's message and leaves the cart as it was.
 */

/**
 * A line as kept here: SPEC's id and quantity, the variant (`variante`, a product with options), plus what
 * the shopper saw when adding it. A line stored before variants has none: a product without options.
 */
export interface StoredCartLine extends CartLine {
  /** Unit price in cents when the product was added: a later difference is shown, never applied silently. */
  precio?: Cents;
  nombre?: string;
  imagen?: string;
  /** The variant's label ('Talla M · Azul'), shown until the product is checked again. */
  etiqueta?: string;
}

/** A product (the variant chosen) as the cart needs it to add it: the rules' fields plus price and image. */
export type CartableProduct = CartProduct & PricedProduct & { imagen: string };

const keyText = (line: CartLineKey) => `${line.id}:${line.variante ?? ''}`;

/** Only the key of a line: a rule's line carries nothing else, but a stored one may. */
const keyOf = (line: CartLineKey): CartLineKey => ({
  id: line.id,
  ...(line.variante !== undefined && { variante: line.variante }),
});

const EMPTY: readonly StoredCartLine[] = Object.freeze([]);
type Listener = () => void;
const listeners = new Set<Listener>();
/** The last text read from storage and its lines (so that an unchanged cart keeps its identity). */
let cachedRaw: string | null | undefined;
let cachedLines: readonly StoredCartLine[] = EMPTY;
/** The cart kept in memory when local storage refuses to store it (disabled, full). */
let fallback: readonly StoredCartLine[] | null = null;
let saving = false;

const isPositiveInt = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

/** Reads what is stored, dropping anything that is not a valid line (an old format, a hand edit). */
function parseLines(raw: string | null): readonly StoredCartLine[] {
  if (!raw) return EMPTY;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return EMPTY;
  }
  if (!Array.isArray(data)) return EMPTY;
  const seen = new Set<string>();
  const result: StoredCartLine[] = [];
  for (const item of data as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const { id, variante, cantidad, precio, nombre, imagen, etiqueta } = item as Record<string, unknown>;
    if (!isPositiveInt(id) || !isPositiveInt(cantidad)) continue;
    if (variante !== undefined && !isPositiveInt(variante)) continue;
    const key = { id, ...(variante !== undefined && { variante }) };
    if (seen.has(keyText(key))) continue;
    seen.add(keyText(key));
    result.push({
      ...key,
      cantidad,
      ...(typeof precio === 'number' && Number.isInteger(precio) && precio >= 0 ? { precio } : {}),
      ...(typeof nombre === 'string' ? { nombre } : {}),
      ...(typeof imagen === 'string' ? { imagen } : {}),
      ...(typeof etiqueta === 'string' ? { etiqueta } : {}),
    });
  }
  return result;
}

function emit() {
  for (const listener of listeners) listener();
}

/** Another tab changed the cart, or this tab's logout removed it: readers read it again. */
function onStorageChange() {
  if (saving) return;
  fallback = null;
  emit();
}

let watching = false;
/** The current lines: storage is the truth (read on every call, parsed only when its text changed). */
function load(): readonly StoredCartLine[] {
  if (!watching && typeof window !== 'undefined') {
    watching = true;
    subscribeStorage([CART_KEY], onStorageChange);
  }
  if (fallback) return fallback;
  const raw = readStorage(CART_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedLines = parseLines(raw);
  }
  return cachedLines;
}

function save(next: readonly StoredCartLine[]) {
  const raw = JSON.stringify(next);
  saving = true;
  try {
    writeStorage(CART_KEY, raw);
    writeStorage(CART_COUNT_KEY, String(cartCount(next)));
  } finally {
    saving = false;
  }
  if (readStorage(CART_KEY) === raw) {
    fallback = null;
    cachedRaw = raw;
    cachedLines = next;
  } else {
    fallback = next;
  }
  emit();
}

/** Applies a rule's answer: the new lines (keeping what each line remembered), or SPEC's message. */
function apply(change: CartChange, extra?: StoredCartLine): boolean {
  if (!change.ok) {
    notify({ title: change.problem.title, text: change.problem.text, icon: 'warning', timer: NOTIFY_MS });
    return false;
  }
  const before = new Map(load().map((line) => [keyText(line), line]));
  save(
    change.lines.map((line) => ({
      ...before.get(keyText(line)),
      ...(extra && sameLine(line, extra) ? extra : {}),
      ...keyOf(line),
      cantidad: line.cantidad,
    })),
  );
  return true;
}

export function getCartLines(): readonly StoredCartLine[] {
  return load();
}

export function subscribeCart(listener: Listener): () => void {
  load();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Adds `quantity` units of a product (its chosen variant); it remembers the price the shopper sees now. */
export function addProductToCart(product: CartableProduct, quantity: number): boolean {
  return apply(addToCart(load(), product, quantity), {
    id: product.id_producto,
    ...(product.id_variante !== undefined && { variante: product.id_variante }),
    cantidad: 0,
    precio: paidCents(product),
    nombre: product.nombre,
    imagen: product.imagen,
    ...(product.etiqueta && { etiqueta: product.etiqueta }),
  });
}

/** Sets a line's quantity (the cart page's − and +). */
export function setCartQuantity(product: CartProduct, quantity: number): boolean {
  return apply(setLineQuantity(load(), product, quantity));
}

/** One unit less (never below 1), even for a product no longer available. */
export function decreaseCartLine(key: CartLineKey): void {
  save(decreaseLine(load(), key));
}

export function removeCartLine(key: CartLineKey): void {
  save(removeFromCart(load(), key));
}

/** The shopper saw the new price of a line and accepts it. */
export function acceptCartPrice(key: CartLineKey, precio: Cents): void {
  save(load().map((line) => (sameLine(line, key) ? { ...line, precio } : line)));
}

/** The lines another device left (the saved cart): each keeps what this browser remembered of it. */
export function replaceCartLines(lines: readonly CartLine[]): void {
  const before = new Map(load().map((line) => [keyText(line), line]));
  save(lines.map((line) => ({ ...before.get(keyText(line)), ...keyOf(line), cantidad: line.cantidad })));
}

/** After the server confirmed the sale (never before). */
export function clearCart(): void {
  save(EMPTY);
}

const serverSnapshot = () => EMPTY;

export function useCartLines(): readonly StoredCartLine[] {
  return useSyncExternalStore(subscribeCart, getCartLines, serverSnapshot);
}

export function useCartCount(): number {
  return useSyncExternalStore(
    subscribeCart,
    () => cartCount(getCartLines()),
    () => 0,
  );
}
