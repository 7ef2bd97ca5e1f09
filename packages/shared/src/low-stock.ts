import { LOW_STOCK_THRESHOLD } from './admin';
import { type ProductOption, type Variant, variantLabel } from './variants';

/*
 * Which variants run low, for the admin's product table. One place decides it, so a threshold per variant
 * or per shop only changes what the callers pass as `threshold`.
 */

/** Units at or below which a variant is running low. */
export const DEFAULT_LOW_STOCK = LOW_STOCK_THRESHOLD;

/** A variant with this many units is running low (none at all included: it is the most urgent). */
export const isLowStock = (stock: number, threshold: number = DEFAULT_LOW_STOCK) => stock <= threshold;

/** The active variants of a product with options that run low, named as the owner reads them. */
export function lowStockVariants(
  opciones: readonly ProductOption[],
  variantes: ReadonlyArray<Pick<Variant, 'valores' | 'stock' | 'estado'>>,
  threshold: number = DEFAULT_LOW_STOCK,
): Array<{ label: string; stock: number }> {
  if (opciones.length === 0) return [];
  return variantes
    .filter((variant) => variant.estado && isLowStock(variant.stock, threshold))
    .map((variant) => ({ label: variantLabel(opciones, variant.valores), stock: variant.stock }));
}
