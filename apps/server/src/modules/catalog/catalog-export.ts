import {
  CATALOG_CSV_COLUMNS,
  type CatalogCsvColumn,
  CSV_NO,
  CSV_YES,
  type CurrencyCode,
  PHOTO_SEPARATOR,
  plainAmount,
  toCents,
} from '@vitrina/shared';
import { asc } from 'drizzle-orm';
import { type CsvValue, toCsv, UTF8_BOM } from '../../csv';
import type { Db } from '../../db/client';
import { categoriaProducto, producto, productoImagen, variante } from '../../db/schema';

/*
 * The catalog as CSV (decision 089): one row per variant, every product whatever its state, in id order.
 * The product's own columns are written on its first row only; its key is its id. Prices in the shop's
 * currency with its decimals, yes/no as 'sí'/'no'.
 */

const yesNo = (value: boolean) => (value ? CSV_YES : CSV_NO);

/** All products and their variants as one CSV text, with the BOM spreadsheets need for accents. */
export async function exportCatalogCsv(db: Db, currency: CurrencyCode): Promise<string> {
  const [products, categories, variants, photos] = await Promise.all([
    db.select().from(producto).orderBy(asc(producto.id_producto)),
    db.select().from(categoriaProducto),
    db.select().from(variante).orderBy(asc(variante.id_producto), asc(variante.id_variante)),
    db
      .select({ id: productoImagen.id_producto, url: productoImagen.url })
      .from(productoImagen)
      .orderBy(asc(productoImagen.id_producto), asc(productoImagen.posicion)),
  ]);
  const categoryName = new Map(categories.map((c) => [c.id_categoria_producto, c.nombre_categoria_producto]));
  const variantsOf = groupBy(variants, (v) => v.id_producto);
  const photosOf = groupBy(photos, (p) => p.id);
  const money = (amount: string | null) => (amount === null ? '' : plainAmount(toCents(amount), currency));

  const rows: CsvValue[][] = [[...CATALOG_CSV_COLUMNS]];
  for (const product of products) {
    (variantsOf.get(product.id_producto) ?? []).forEach((v, i) => {
      const cells: Partial<Record<CatalogCsvColumn, CsvValue>> = {
        producto: String(product.id_producto),
        sku: v.sku,
        precio: money(v.valor),
        precio_descuento: money(v.valor_descuento),
        stock: v.stock,
        stock_minimo: v.stock_minimo ?? '',
        activo: yesNo(v.estado),
        imagen_variante: v.imagen,
      };
      product.opciones.forEach((option, j) => {
        cells[`opcion${j + 1}_nombre` as CatalogCsvColumn] = option.nombre;
        cells[`opcion${j + 1}_valor` as CatalogCsvColumn] = v.valores[j];
      });
      if (i === 0) {
        cells.nombre = product.nombre;
        cells.descripcion = product.descripcion_producto;
        cells.categoria = categoryName.get(product.id_categoria_producto);
        cells.producto_activo = yesNo(product.estado);
        cells.imagenes = (photosOf.get(product.id_producto) ?? []).map((p) => p.url).join(PHOTO_SEPARATOR);
      }
      rows.push(CATALOG_CSV_COLUMNS.map((column) => cells[column]));
    });
  }
  return UTF8_BOM + toCsv(rows);
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
