import {
  hasDiscount,
  lineName,
  type ProductOption,
  paidCents,
  toCents,
  VARIANT_NOT_OF_PRODUCT,
  VARIANT_REQUIRED,
  variantLabel,
} from '@vitrina/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { producto, variante } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';

/*
 * A sale's hold on the catalog's stock, which lives on the variants (decision 074): checkout takes the
 * units when it places a sale and gives them back when its payment fails or the order is cancelled or
 * refunded, in the sale's own transaction (`tx`). Every path locks the product's row before its variants
 * (the variant trigger writes the product after), so two of them never wait for each other in a circle.
 * Taking is a conditional UPDATE of the variants, so two buyers of the last unit can never both get it,
 * on one process or many: the row lock makes the second re-check `stock >= n` against the first one's
 * result. The CHECK variante_stock_no_negativo is the last guard.
 */

/** A sale line as the shopper sends it: the variant may be left out for a product without options. */
export interface StockLine {
  id_producto: number;
  id_variante?: number | undefined;
  cantidad: number;
}

export interface TakenLine {
  id_producto: number;
  id_variante: number;
  cantidad: number;
  nombre: string;
  /** 'Talla M · Rojo'; '' for a product without options. */
  variante: string;
  sku: string;
  /** Kept with the name so the reply can show the line's product without reading it again. */
  imagen: string;
  unitCents: number;
  /** What a promotion's scope and its 'combinable' read. */
  id_categoria: number;
  onSale: boolean;
}

export const PRODUCT_UNAVAILABLE = 'El producto no existe o no está disponible.';
export const notEnoughStock = (nombre: string, left: number) =>
  conflict(`No hay suficientes unidades de ${nombre}. Quedan ${left}.`);
const DUPLICATE_LINE = 'Un producto aparece dos veces en el carrito';

const inOrder = <T extends { id_producto: number; id_variante?: number | null | undefined }>(
  lines: readonly T[],
) => [...lines].sort((a, b) => a.id_producto - b.id_producto || (a.id_variante ?? 0) - (b.id_variante ?? 0));

const productFields = {
  id_producto: producto.id_producto,
  nombre: producto.nombre,
  imagen: producto.imagen,
  estado: producto.estado,
  opciones: producto.opciones,
  id_categoria: producto.id_categoria_producto,
};
interface ProductFields {
  id_producto: number;
  nombre: string;
  imagen: string;
  estado: boolean;
  opciones: ProductOption[];
  id_categoria: number;
}

const variantFields = {
  id_variante: variante.id_variante,
  sku: variante.sku,
  valores: variante.valores,
  valor: variante.valor,
  valor_descuento: variante.valor_descuento,
  imagen: variante.imagen,
  stock: variante.stock,
  estado: variante.estado,
};
type VariantFields = Omit<typeof variante.$inferSelect, 'id_producto' | 'stock_minimo'>;

/** The line's variant: the one named, or the only one of a product without options. */
function variantOf(line: StockLine): SQL {
  if (line.id_variante === undefined) return eq(variante.id_producto, line.id_producto);
  return and(eq(variante.id_variante, line.id_variante), eq(variante.id_producto, line.id_producto)) as SQL;
}

function priced(product: ProductFields, row: VariantFields, line: StockLine): TakenLine {
  return {
    id_producto: line.id_producto,
    id_variante: row.id_variante,
    cantidad: line.cantidad,
    nombre: product.nombre,
    variante: variantLabel(product.opciones, row.valores),
    sku: row.sku,
    imagen: product.imagen,
    unitCents: paidCents(row),
    id_categoria: product.id_categoria,
    onSale: hasDiscount(
      toCents(row.valor),
      row.valor_descuento === null ? null : toCents(row.valor_descuento),
    ),
  };
}

/** `line`'s product when it can be sold; else the refusal (gone, off sale, its variant not named) is thrown. */
function sellable(line: StockLine, product: ProductFields | undefined): ProductFields {
  if (!product) throw notFound(PRODUCT_UNAVAILABLE);
  if (!product.estado) throw conflict(`${product.nombre} ya no está disponible.`);
  if (line.id_variante === undefined && product.opciones.length > 0)
    throw badRequest(VARIANT_REQUIRED, { id_variante: VARIANT_REQUIRED });
  return product;
}

/**
 * Takes the units of every line, all or nothing (the caller's transaction rolls back on the first
 * refusal), and returns the database's current price of each. One statement: it locks the cart's products
 * in id order, so two carts sharing products never deadlock, and takes each line's units from its variant
 * only once the variant's product is locked, from an active product and variant with enough stock. A
 * line it did not take says why (refuseLeftOut). One statement rather than a lock and then an update: a
 * checkout holds its products' locks until it commits, and every round trip before that is spent waiting
 * by the next buyer of the same product (docs/decisions/109-fewer-round-trips-under-lock.md).
 */
export async function takeStock(tx: Tx, lines: readonly StockLine[]): Promise<TakenLine[]> {
  const ordered = inOrder(lines);
  const ids = [...new Set(ordered.map((line) => line.id_producto))];
  const locked = tx
    .$with('bloqueado')
    .as(
      tx
        .select(productFields)
        .from(producto)
        .where(inArray(producto.id_producto, ids))
        .orderBy(producto.id_producto)
        .for('update'),
    );
  // The lines as a table (n: the line's place in `ordered`); a line without a variant names the only one.
  const wanted = sql.join(
    ordered.map(
      (line, n) =>
        sql`(${n}::int, ${line.id_producto}::int, ${line.id_variante ?? null}::int, ${line.cantidad}::int)`,
    ),
    sql`, `,
  );
  const rows = await tx
    .with(locked)
    .update(variante)
    .set({ stock: sql`${variante.stock} - linea.cantidad` })
    .from(
      sql`(values ${wanted}) as linea (n, id_producto, id_variante, cantidad) join ${locked} on ${locked.id_producto} = linea.id_producto`,
    )
    .where(
      and(
        sql`${variante.id_producto} = linea.id_producto`,
        sql`${locked.estado}`,
        // A product with options must be told which variant; without, its only one is meant.
        sql`(linea.id_variante is null and jsonb_array_length(${locked.opciones}) = 0 or ${variante.id_variante} = linea.id_variante)`,
        eq(variante.estado, true),
        sql`${variante.stock} >= linea.cantidad`,
      ),
    )
    .returning({
      n: sql<number>`linea.n`,
      variant: variantFields,
      product: {
        id_producto: locked.id_producto,
        nombre: locked.nombre,
        imagen: locked.imagen,
        estado: locked.estado,
        opciones: locked.opciones,
        id_categoria: locked.id_categoria,
      },
    });
  const byLine = new Map(rows.map((row) => [row.n, row]));
  if (byLine.size < ordered.length) await refuseLeftOut(tx, ordered, byLine);
  return ordered.map((line, n) => {
    const { product, variant } = byLine.get(n) as (typeof rows)[number];
    return priced(product, variant, line);
  });
}

/**
 * Throws why takeStock's UPDATE left a line out, as checks in this order would have told it: a product that is
 * gone, off sale or needs its variant named, for any line first; then the first line left out, whose
 * variant is another line's too (a row is updated once), belongs to another product, is off sale, or has
 * too few units left.
 */
async function refuseLeftOut(
  tx: Tx,
  ordered: readonly StockLine[],
  taken: ReadonlyMap<number, { variant: { id_variante: number } }>,
): Promise<never> {
  const ids = [...new Set(ordered.map((line) => line.id_producto))];
  const products = new Map(
    (await tx.select(productFields).from(producto).where(inArray(producto.id_producto, ids))).map((p) => [
      p.id_producto,
      p,
    ]),
  );
  for (const line of ordered) sellable(line, products.get(line.id_producto));
  const n = ordered.findIndex((_, i) => !taken.has(i));
  const line = ordered[n] as StockLine;
  const product = products.get(line.id_producto) as ProductFields;
  const [row] = await tx.select(variantFields).from(variante).where(variantOf(line));
  if (!row) throw badRequest(VARIANT_NOT_OF_PRODUCT, { id_variante: VARIANT_NOT_OF_PRODUCT });
  if ([...taken.values()].some((t) => t.variant.id_variante === row.id_variante))
    throw badRequest(DUPLICATE_LINE);
  const name = lineName(product.nombre, variantLabel(product.opciones, row.valores));
  if (!row.estado) throw conflict(`${name} ya no está disponible.`);
  throw notEnoughStock(name, row.stock);
}

/**
 * The lines of a cart priced as takeStock would price them now, without taking anything: what the cart's
 * quote shows. A product or variant that is gone is refused as checkout would refuse it; the stock is checkout's.
 */
export async function priceLines(db: Db, lines: readonly StockLine[]): Promise<TakenLine[]> {
  const ids = [...new Set(lines.map((line) => line.id_producto))];
  const [products, variants] = await Promise.all([
    db.select(productFields).from(producto).where(inArray(producto.id_producto, ids)),
    db
      .select({ ...variantFields, id_producto: variante.id_producto })
      .from(variante)
      .where(inArray(variante.id_producto, ids)),
  ]);
  const byId = new Map(products.map((row) => [row.id_producto, row]));
  const seen = new Set<number>();
  return inOrder(lines).map((line) => {
    const product = sellable(line, byId.get(line.id_producto));
    const row = variants.find(
      (v) =>
        v.id_producto === line.id_producto &&
        (line.id_variante === undefined || v.id_variante === line.id_variante),
    );
    if (!row) throw badRequest(VARIANT_NOT_OF_PRODUCT, { id_variante: VARIANT_NOT_OF_PRODUCT });
    if (!row.estado) {
      throw conflict(
        `${lineName(product.nombre, variantLabel(product.opciones, row.valores))} ya no está disponible.`,
      );
    }
    if (seen.has(row.id_variante)) throw badRequest(DUPLICATE_LINE);
    seen.add(row.id_variante);
    return priced(product, row, line);
  });
}

/**
 * Gives units back: a failed sale's, a cancelled or expired order's, a refund's. A line recorded before
 * variants had one (none has now) goes to its product's first variant.
 */
export async function returnStock(
  tx: Tx,
  lines: ReadonlyArray<{ id_producto: number; id_variante: number | null; cantidad: number }>,
): Promise<void> {
  const ordered = inOrder(lines);
  const ids = [...new Set(ordered.map((line) => line.id_producto))];
  if (ids.length === 0) return;
  await tx
    .select({ id: producto.id_producto })
    .from(producto)
    .where(inArray(producto.id_producto, ids))
    .orderBy(producto.id_producto)
    .for('update');
  for (const line of ordered) {
    const which =
      line.id_variante === null
        ? eq(
            variante.id_variante,
            sql`(SELECT min(${variante.id_variante}) FROM ${variante} WHERE ${variante.id_producto} = ${line.id_producto})`,
          )
        : eq(variante.id_variante, line.id_variante);
    await tx
      .update(variante)
      .set({ stock: sql`${variante.stock} + ${line.cantidad}` })
      .where(which);
  }
}
