import { z } from 'zod';
import { CART_MAX_ITEMS, CART_MAX_UNITS_PER_PRODUCT } from './constants';
import { pageSchema } from './page-schema';
import { recordId } from './validation/record-id';
import { emailField, personName } from './validation/registro';

/*
 * A signed-in shopper's cart as the server keeps it (GET/PUT /api/carrito): the browser's local cart stays
 * the first copy; this one follows the shopper to their other devices (docs/decisions/080-saved-carts.md).
 */

/** The most lines one request may send: more than any cart the limits allow (50 units). */
export const SAVED_CART_MAX_LINES = 100;
/** A quantity past this is not a cart but a bad request; below it, the limits cap it. */
const QUANTITY_MAX = 1000;

const quantityMessage = 'La cantidad debe ser un número entero positivo';

export const savedCartLineSchema = z.object({
  id_producto: recordId('El producto debe ser un número entero positivo'),
  /** A product's variant; null until the catalog has variants. */
  id_variante: recordId('La variante debe ser un número entero positivo').nullable().default(null),
  cantidad: z
    .number({ error: quantityMessage })
    .int({ error: quantityMessage })
    .positive({ error: quantityMessage })
    .max(QUANTITY_MAX, { error: quantityMessage }),
});
export type SavedCartLine = z.infer<typeof savedCartLineSchema>;

export const savedCartInputSchema = z.object({
  lineas: z
    .array(savedCartLineSchema, { error: 'Las líneas del carrito deben ser una lista' })
    .max(SAVED_CART_MAX_LINES, { error: `El carrito no puede tener más de ${SAVED_CART_MAX_LINES} líneas` }),
});
export type SavedCartInput = z.infer<typeof savedCartInputSchema>;

export const savedCartSchema = z.object({
  lineas: z.array(savedCartLineSchema),
  /** When the server copy last changed (ISO 8601): a device that saw an older one takes this one. */
  actualizado: z.string().nullable(),
});
export type SavedCart = z.infer<typeof savedCartSchema>;

/*
 * A guest's cart (docs/decisions/095-guest-carts.md): saved once the visitor typed a valid e-mail at
 * checkout, named by a cookie of this browser, and brought back to any browser by the reminder's link.
 */

export const GUEST_CART_MESSAGES = {
  signedIn: 'Con la sesión iniciada, tu carrito se guarda en tu cuenta.',
  linkInvalid: 'El enlace del carrito no es válido. Puede que ya lo hayas comprado o vaciado.',
  tooMany: 'Demasiados carritos guardados desde esta dirección o con este correo. Espera una hora.',
  restored: 'Recuperamos tu carrito.',
} as const;

/** PUT /api/carrito/invitado: this browser's cart, with the e-mail (and the name, once valid) typed at checkout. */
export const guestCartInputSchema = savedCartInputSchema.extend({
  email: emailField,
  nombre: personName.optional(),
});
export type GuestCartInput = z.infer<typeof guestCartInputSchema>;

const cartLinkToken = z
  .string({ error: GUEST_CART_MESSAGES.linkInvalid })
  .max(64, { error: GUEST_CART_MESSAGES.linkInvalid })
  .regex(/^[\w-]+$/, { error: GUEST_CART_MESSAGES.linkInvalid });

/**
 * POST /api/carrito/invitado/recuperar: the cart and the token of the reminder's link
 * (/carrito?carrito=…&acceso=…), with this browser's own lines, which join it.
 */
export const guestCartRecoverySchema = savedCartInputSchema.extend({
  carrito: recordId(GUEST_CART_MESSAGES.linkInvalid),
  acceso: cartLinkToken,
});
export type GuestCartRecovery = z.infer<typeof guestCartRecoverySchema>;

/** A guest's cart as saved: its lines, and who it reminds (the link back fills the checkout with them). */
export const guestCartSchema = savedCartSchema.extend({
  email: z.string(),
  nombre: z.string().nullable(),
});
export type GuestCart = z.infer<typeof guestCartSchema>;

/** Units a line may hold today: null when the product (or variant) is gone or not sold any more. */
export type StockOf = (line: Pick<SavedCartLine, 'id_producto' | 'id_variante'>) => number | null;

const lineKey = (line: Pick<SavedCartLine, 'id_producto' | 'id_variante'>) =>
  `${line.id_producto}:${line.id_variante ?? ''}`;

/**
 * The union of two carts (the device's first): one line per product and variant, holding the larger of
 * the two quantities, capped by SPEC's limits (25 units of one product, all its variants together, 50 in
 * the cart) and by the variant's stock.
 * Lines whose product is gone or sold out are dropped; when the 50 run out, the first cart's lines and
 * then the second's keep their units in order. With an empty second cart it tidies a single cart.
 */
export function mergeCarts({
  first,
  second = [],
  stockOf,
}: {
  first: readonly SavedCartLine[];
  second?: readonly SavedCartLine[];
  stockOf: StockOf;
}): SavedCartLine[] {
  const wanted = new Map<string, SavedCartLine>();
  for (const line of [...first, ...second]) {
    const key = lineKey(line);
    const seen = wanted.get(key);
    if (!seen || seen.cantidad < line.cantidad)
      wanted.set(key, { ...line, id_variante: line.id_variante ?? null });
  }
  const merged: SavedCartLine[] = [];
  let room = CART_MAX_ITEMS;
  const perProduct = new Map<number, number>();
  for (const line of wanted.values()) {
    const productRoom = CART_MAX_UNITS_PER_PRODUCT - (perProduct.get(line.id_producto) ?? 0);
    const cantidad = Math.min(line.cantidad, productRoom, stockOf(line) ?? 0, room);
    if (cantidad <= 0) continue;
    merged.push({ ...line, cantidad });
    room -= cantidad;
    perProduct.set(line.id_producto, CART_MAX_UNITS_PER_PRODUCT - productRoom + cantidad);
  }
  return merged;
}

/** Whether two carts hold the same lines, in any order. */
export function sameCartLines(a: readonly SavedCartLine[], b: readonly SavedCartLine[]): boolean {
  if (a.length !== b.length) return false;
  const units = new Map(a.map((line) => [lineKey(line), line.cantidad]));
  return b.every((line) => units.get(lineKey(line)) === line.cantidad);
}

/** Whether the shopper gets the one reminder of a cart left with items (GET/PUT /api/carrito/recordatorios). */
export const cartRemindersSchema = z.object({
  recordatorios: z.boolean({ error: 'Indica si quieres recibir recordatorios del carrito' }),
});
export type CartReminders = z.infer<typeof cartRemindersSchema>;

/** The owner's view of abandoned carts (GET /api/admin/carritos). */
export const abandonedCartsSchema = z.object({
  /** How long a cart rests with items before it counts as abandoned and gets its reminder. */
  horas: z.number(),
  /** Reminders sent, and how many were followed by an order. */
  recordatorios: z.number().int(),
  recuperados: z.number().int(),
  carritos: z.array(
    z.object({
      id_carrito: z.number().int(),
      /** The account's; null: a guest's cart, known by the e-mail and the name typed at checkout. */
      id_usuario: z.number().int().nullable(),
      /** The account's name, or the guest's ('' when they typed none). */
      nombre: z.string(),
      email: z.string(),
      unidades: z.number().int(),
      /** Since when it holds items, and when it last changed (ISO 8601). */
      desde: z.string(),
      actualizado: z.string(),
      /** When its reminder went out; null: not yet (or the shopper opted out). */
      recordado: z.string().nullable(),
    }),
  ),
});
export type AbandonedCarts = z.infer<typeof abandonedCartsSchema>;

/** Carts a page of the admin's abandoned-carts list shows. */
export const ABANDONED_CARTS_PAGE_SIZE = 20;

/**
 * One row of the admin's abandoned carts (GET /api/admin/carritos/olvidados): a cart resting past the delay
 * now, or one whose reminder was followed by an order (recovered; its cart was emptied by that order).
 */
export const abandonedCartRowSchema = z.object({
  id_carrito: z.number().int(),
  /** The account's; null: a guest's cart, known by the e-mail and the name typed at checkout. */
  id_usuario: z.number().int().nullable(),
  /** The account's name, or the guest's ('' when they typed none). */
  nombre: z.string(),
  email: z.string(),
  unidades: z.number().int(),
  /**
   * In currency units: a resting cart's items at today's prices (as its reminder quotes them, products no
   * longer sold left out); a recovered cart's, the total of its order.
   */
  valor: z.number(),
  /** Its last change (ISO 8601): a recovered cart's is its order. */
  actualizado: z.string(),
  /** When its reminder went out; null: not yet, or never (`sin_recordatorios`). */
  recordado: z.string().nullable(),
  /** The shopper turned the reminders off. */
  sin_recordatorios: z.boolean(),
  /** The order placed after the reminder; null while the cart rests. */
  id_venta: z.number().int().nullable(),
  /** That order's number ('V-000123'), when it has one. */
  numero_pedido: z.string().nullable(),
});
export type AbandonedCartRow = z.infer<typeof abandonedCartRowSchema>;

export const abandonedCartsPageSchema = pageSchema(abandonedCartRowSchema);
export type AbandonedCartsPage = z.infer<typeof abandonedCartsPageSchema>;

/**
 * The sleep between two looks for a delay of `afterMs`: a tenth of it, so a reminder leaves at most a tenth
 * late (an operator's quarter of an hour, a browser test's seconds), between a second and five minutes.
 */
export const reminderCheckEveryMs = (afterMs: number) => Math.min(5 * 60_000, Math.max(1_000, afterMs / 10));
