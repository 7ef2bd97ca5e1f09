import {
  centsToDecimal,
  combinationKey,
  DISCOUNT_NOT_BELOW_PRICE,
  type ProductOption,
  skuTaken,
  toCents,
  VARIANT_NOT_OF_PRODUCT,
} from '@vitrina/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { detalleVenta, producto, variante } from '../../db/schema';
import { badRequest, rootCause } from '../../errors';

/*
 * Writing a product's options and variants (decision 074). The product's stock and prices follow by
 * trigger. A variant the owner drops is deleted, or kept inactive when an order line names it.
 */

/** A variant as the product forms send it, prices in currency units. */
export interface VariantInput {
  id_variante?: number | undefined;
  sku?: string | undefined;
  valores: string[];
  valor?: number | undefined;
  valor_descuento?: number | null | undefined;
  stock: number;
  /** Its own low-stock threshold; null: the shop's default; left out: as it was (null when new). */
  stock_minimo?: number | null | undefined;
  imagen: string;
  estado: boolean;
}

const money = (units: number) => centsToDecimal(toCents(units));

/**
 * Saves `variantes` as the whole set of the product's variants, with `opciones`. A variant without its
 * own prices takes `base` (the product's price and discount). The caller holds the product's row lock.
 */
export async function saveVariants({
  tx,
  productId,
  opciones,
  variantes,
  base,
}: {
  tx: Tx;
  productId: number;
  opciones: ProductOption[];
  variantes: VariantInput[];
  base: { valor: string; valor_descuento: string | null };
}): Promise<void> {
  const rows = variantes.map((input, i) => {
    const valor = input.valor === undefined ? base.valor : money(input.valor);
    const valor_descuento =
      input.valor_descuento === undefined
        ? base.valor_descuento
        : input.valor_descuento === null
          ? null
          : money(input.valor_descuento);
    if (valor_descuento !== null && toCents(valor_descuento) >= toCents(valor)) {
      throw badRequest(DISCOUNT_NOT_BELOW_PRICE, {
        [`variantes.${i}.valor_descuento`]: DISCOUNT_NOT_BELOW_PRICE,
      });
    }
    return { input, i, valor, valor_descuento };
  });
  await refuseTakenSkus(tx, productId, variantes);

  const existing = await tx
    .select({ id: variante.id_variante, valores: variante.valores })
    .from(variante)
    .where(eq(variante.id_producto, productId))
    .orderBy(variante.id_variante);
  const byId = new Map(existing.map((v) => [v.id, v]));
  const byCombination = new Map(existing.map((v) => [combinationKey(v.valores), v.id]));
  const kept = new Set<number>();
  const matched = rows.map((row) => {
    if (row.input.id_variante !== undefined && !byId.has(row.input.id_variante)) {
      throw badRequest(VARIANT_NOT_OF_PRODUCT, {
        [`variantes.${row.i}.id_variante`]: VARIANT_NOT_OF_PRODUCT,
      });
    }
    const id = row.input.id_variante ?? byCombination.get(combinationKey(row.input.valores));
    if (id !== undefined) kept.add(id);
    return { ...row, id };
  });

  await dropVariants(
    tx,
    existing.map((v) => v.id).filter((id) => !kept.has(id)),
  );
  await tx.update(producto).set({ opciones }).where(eq(producto.id_producto, productId));
  try {
    for (const { input, id, valor, valor_descuento } of matched) {
      const values = {
        valores: input.valores,
        valor,
        valor_descuento,
        stock: input.stock,
        imagen: input.imagen,
        estado: input.estado,
        ...(input.sku ? { sku: input.sku } : {}),
        ...(input.stock_minimo !== undefined && { stock_minimo: input.stock_minimo }),
      };
      if (id === undefined) {
        await tx.insert(variante).values({ id_producto: productId, sku: sql`NULL`, ...values });
      } else {
        await tx.update(variante).set(values).where(eq(variante.id_variante, id));
      }
    }
  } catch (err) {
    throw asInputError(err) ?? err;
  }
}

/** SKUs other products already use, said per variant before anything is written. */
async function refuseTakenSkus(tx: Tx, productId: number, variantes: VariantInput[]): Promise<void> {
  const skus = variantes.map((v) => v.sku?.toLowerCase()).filter((sku): sku is string => Boolean(sku));
  if (skus.length === 0) return;
  const taken = await tx
    .select({ sku: variante.sku })
    .from(variante)
    .where(and(inArray(sql`lower(${variante.sku})`, skus), ne(variante.id_producto, productId)));
  const first = taken[0];
  if (!first) return;
  const i = variantes.findIndex((v) => v.sku?.toLowerCase() === first.sku.toLowerCase());
  throw badRequest(skuTaken(first.sku), { [`variantes.${i}.sku`]: skuTaken(first.sku) });
}

/** Deletes the variants no order names; the others stay, inactive, so old orders still say what they sold. */
async function dropVariants(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const sold = await tx
    .selectDistinct({ id: detalleVenta.id_variante })
    .from(detalleVenta)
    .where(inArray(detalleVenta.id_variante, ids));
  const soldIds = new Set(sold.map((row) => row.id));
  const unsold = ids.filter((id) => !soldIds.has(id));
  if (unsold.length > 0) await tx.delete(variante).where(inArray(variante.id_variante, unsold));
  if (soldIds.size > 0) {
    await tx
      .update(variante)
      .set({ estado: false })
      .where(
        inArray(
          variante.id_variante,
          [...soldIds].filter((id) => id !== null),
        ),
      );
  }
}

/** A race the checks above could not see (the same SKU saved at once by two products), in Spanish. */
function asInputError(err: unknown) {
  const cause =
    err instanceof Error ? (rootCause(err) as Error & { code?: string; constraint?: string }) : null;
  if (cause?.code !== '23505') return undefined;
  if (cause.constraint === 'variante_sku_key') return badRequest('Un SKU ya lo usa otro producto');
  if (cause.constraint === 'variante_producto_valores_key')
    return badRequest('Esa combinación ya es otra variante');
  return undefined;
}
