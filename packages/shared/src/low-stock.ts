import { z } from 'zod';
import { type ProductOption, type Variant, variantLabel } from './variants';

/*
 * Low stock (issue 36, docs/decisions/090-low-stock.md): each variant may have its own threshold
 * (`stock_minimo`); one left without takes the shop's default (Ajustes › Inventario). A variant is low
 * when its units are at or below its threshold, sold-out ones included: they need restocking most.
 */

/** The shop's threshold until the owner sets one. */
export const DEFAULT_LOW_STOCK = 5;
/** A threshold above this is no warning but a typo. */
export const LOW_STOCK_MAX = 10_000;
export const LOW_STOCK_INVALID = `El stock mínimo debe ser un número entero de 0 a ${LOW_STOCK_MAX}`;

/** Whether `stock` units are low against `threshold` (the variant's own, else the shop's default). */
export function isLowStock(stock: number, threshold: number = DEFAULT_LOW_STOCK): boolean {
  return stock <= threshold;
}

/** Units as the owner reads them: '1 unidad', '6 unidades'. */
export const unitsText = (n: number): string => (n === 1 ? '1 unidad' : `${n} unidades`);

/** A low variant's units, as the dashboard and the daily e-mail say them: 'agotada' when none is left. */
export const lowStockUnits = (n: number): string => (n === 0 ? 'agotada' : unitsText(n));

/** The threshold a variant answers to: its own when it has one, else the shop's default. */
export const lowStockThreshold = (own: number | null | undefined, shopDefault: number): number =>
  own ?? shopDefault;

/** A threshold typed in a form or sent as JSON: a whole number of units, 0 (warn once sold out) or more. */
export const lowStockThresholdSchema = z
  .union([z.number(), z.string()], { error: LOW_STOCK_INVALID })
  .transform((value, ctx) => {
    const text = `${value}`.trim();
    if (!/^\d{1,6}$/.test(text) || Number(text) > LOW_STOCK_MAX) {
      ctx.addIssue({ code: 'custom', message: LOW_STOCK_INVALID });
      return z.NEVER;
    }
    return Number(text);
  });

/**
 * A variant's own threshold as the product forms send it: empty or null is "the shop's default";
 * left out on an edit, the variant keeps the one it has.
 */
export const variantLowStockSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  lowStockThresholdSchema.nullable().optional(),
);

/** GET/PUT /api/ajustes/inventario: the shop's default threshold. */
export const inventorySettingsSchema = z.object({ stock_minimo: lowStockThresholdSchema });
export type InventorySettings = { stock_minimo: number };
export const inventorySettingsAnswerSchema = z.object({ stock_minimo: z.number().int() });

/** A variant running low, as the dashboard lists it and the daily digest names it. */
export const lowStockItemSchema = z.object({
  id_producto: z.number().int(),
  id_variante: z.number().int(),
  nombre: z.string(),
  /** The variant's label ('Talla M · Rojo'); '' for a product without options. */
  variante: z.string(),
  sku: z.string(),
  stock: z.number().int(),
  /** The threshold it answers to: its own or the shop's default. */
  stock_minimo: z.number().int(),
});
export type LowStockItem = z.infer<typeof lowStockItemSchema>;

/**
 * The active variants of a product with options that run low, each against its own threshold or the
 * shop's default, named as the owner reads them: the admin's product table.
 */
export function lowStockVariants(
  opciones: readonly ProductOption[],
  variantes: ReadonlyArray<Pick<Variant, 'valores' | 'stock' | 'estado' | 'stock_minimo'>>,
  shopDefault: number = DEFAULT_LOW_STOCK,
): Array<{ label: string; stock: number }> {
  if (opciones.length === 0) return [];
  return variantes
    .filter((v) => v.estado && isLowStock(v.stock, lowStockThreshold(v.stock_minimo, shopDefault)))
    .map((v) => ({ label: variantLabel(opciones, v.valores), stock: v.stock }));
}
