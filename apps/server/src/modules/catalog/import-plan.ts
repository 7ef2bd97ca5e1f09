import {
  type CatalogCsvColumn,
  type CurrencyCode,
  DISCOUNT_NOT_BELOW_PRICE,
  IMPORT_MESSAGES,
  type ImportError,
  OPTIONS_MAX,
  PHOTO_SEPARATOR,
  PRODUCT_COLUMNS,
  type ProductOption,
  productoSchemaFor,
  readYesNo,
  type Variant,
} from '@vitrina/shared';
import type { CsvRow } from './import-file';

/*
 * From the file's rows to the products they describe (decision 089), every row checked with the product
 * form's own rules (productoSchemaFor), each problem said on its row and column. Rows sharing a
 * `producto` key (or, without one, a name) are one product's variants; its SKUs say which product of the
 * shop it is, if any.
 */

/** A photo of the file: a name of the ZIP, or the address of a photo the shop already stores. */
export type PhotoRef = { zip: string } | { url: string };

/** A variant of the file: a stored variant's fields (prices in currency units), its row, its photo's reference. */
export interface PlannedVariant extends Omit<Variant, 'id_variante' | 'imagen'> {
  fila: number;
  imagen: PhotoRef | null;
}

export interface PlannedProduct {
  fila: number;
  nombre: string;
  descripcion_producto: string;
  id_categoria_producto: number;
  estado: boolean;
  fotos: PhotoRef[];
  opciones: ProductOption[];
  variantes: PlannedVariant[];
  /** The shop's product these SKUs belong to; none for a new product. */
  id_producto?: number;
}

export interface PlanContext {
  currency: CurrencyCode;
  /** Category ids by folded name. */
  categories: ReadonlyMap<string, number>;
  /** The shop's SKUs (lower case) and their product. */
  skus: ReadonlyMap<string, number>;
  /** Lower-case file names of the ZIP; undefined when none came with the CSV. */
  zipNames: ReadonlySet<string> | undefined;
}

const SHOP_PHOTO = '/uploads/productos/';
const CHECKED_BETWEEN_YIELDS = 50;

export const foldName = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase().replace(/\s+/g, ' ');

/** A ZIP entry's name as the CSV names it: its file name, folders and case aside. */
export const zipKey = (name: string) => (name.split('/').pop() ?? name).trim().toLowerCase();

/** Which column holds a field of the product schema, and on which row of the product. */
function locate(path: readonly PropertyKey[], rows: readonly CsvRow[]): { fila: number; columna: string } {
  const first = rows[0] as CsvRow;
  const [field, index, sub] = path;
  const at = (columna: CatalogCsvColumn, row: CsvRow = first) => ({ fila: row.fila, columna });
  if (field === 'variantes') {
    const row = typeof index === 'number' ? (rows[index] ?? first) : (rows[1] ?? first);
    const columns: Record<string, CatalogCsvColumn> = {
      sku: 'sku',
      valores: 'opcion1_valor',
      valor: 'precio',
      valor_descuento: 'precio_descuento',
      stock: 'stock',
      stock_minimo: 'stock_minimo',
      imagen: 'imagen_variante',
      estado: 'activo',
    };
    return at(typeof sub === 'string' ? (columns[sub] ?? 'sku') : 'opcion1_nombre', row);
  }
  if (field === 'opciones') {
    const n = typeof index === 'number' ? index + 1 : 1;
    return at(`opcion${n}_${sub === 'valores' ? 'valor' : 'nombre'}` as CatalogCsvColumn);
  }
  const columns: Record<string, CatalogCsvColumn> = {
    nombre: 'nombre',
    descripcion_producto: 'descripcion',
    valor: 'precio',
    valor_descuento: 'precio_descuento',
    id_categoria_producto: 'categoria',
    imagen: 'imagenes',
    imagenes: 'imagenes',
    stock: 'stock',
  };
  return at(columns[String(field)] ?? 'nombre');
}

/** The products of the file and the problems of its rows; products with a problem are left out. */
export async function planImport(
  rows: readonly CsvRow[],
  context: PlanContext,
): Promise<{ products: PlannedProduct[]; errors: ImportError[] }> {
  const errors: ImportError[] = [];
  const seen = new Set<string>();
  const fail = (fila: number, columna: string, mensaje: string) => {
    const key = `${fila}\u0000${columna}\u0000${mensaje}`;
    if (seen.has(key)) return;
    seen.add(key);
    errors.push({ fila, columna, mensaje });
  };

  const groups = new Map<string, CsvRow[]>();
  for (const row of rows) {
    const key = foldName(row.cells.producto) || `nombre:${foldName(row.cells.nombre)}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }

  const skuRows = new Map<string, number>();
  const productRows = new Map<number, number>();
  const products: PlannedProduct[] = [];
  let checked = 0;
  for (const group of groups.values()) {
    // Checking a product takes a fraction of a millisecond; thousands of them would hold the shop's
    // other requests for seconds, so they wait their turn every few dozen products.
    if (++checked % CHECKED_BETWEEN_YIELDS === 0) await new Promise((resolve) => setImmediate(resolve));
    const before = errors.length;
    const product = planProduct(group, context, fail, skuRows);
    if (product?.id_producto !== undefined) {
      const other = productRows.get(product.id_producto);
      if (other !== undefined) fail(product.fila, 'sku', IMPORT_MESSAGES.productTwice(other));
      productRows.set(product.id_producto, product.fila);
    }
    if (product && errors.length === before) products.push(product);
  }
  errors.sort((a, b) => a.fila - b.fila);
  return { products, errors };
}

type Fail = (fila: number, columna: string, mensaje: string) => void;

function planProduct(
  rows: CsvRow[],
  context: PlanContext,
  fail: Fail,
  skuRows: Map<string, number>,
): PlannedProduct | undefined {
  const first = rows[0] as CsvRow;
  for (const row of rows.slice(1)) {
    for (const column of PRODUCT_COLUMNS) {
      const value = row.cells[column].trim();
      if (value !== '' && value !== first.cells[column].trim()) {
        fail(row.fila, column, IMPORT_MESSAGES.productDiffers(column, first.fila));
      }
    }
  }

  // Options: named on the first row (a later row may repeat the names); their values in order of use.
  const opciones: ProductOption[] = [];
  for (let n = 1; n <= OPTIONS_MAX; n++) {
    const nameColumn = `opcion${n}_nombre` as CatalogCsvColumn;
    const valueColumn = `opcion${n}_valor` as CatalogCsvColumn;
    const nombre = first.cells[nameColumn].trim();
    for (const row of rows) {
      const ownName = row.cells[nameColumn].trim();
      if (ownName !== '' && foldName(ownName) !== foldName(nombre)) {
        fail(row.fila, nameColumn, IMPORT_MESSAGES.productDiffers(nameColumn, first.fila));
      }
      const value = row.cells[valueColumn].trim();
      if (nombre === '' && value !== '') fail(row.fila, nameColumn, IMPORT_MESSAGES.optionNameMissing);
      if (nombre !== '' && value === '') fail(row.fila, valueColumn, IMPORT_MESSAGES.optionValueMissing);
    }
    if (nombre === '') continue;
    const valores: string[] = [];
    for (const row of rows) {
      const value = row.cells[valueColumn].trim().replace(/\s+/g, ' ');
      if (value !== '' && !valores.some((v) => foldName(v) === foldName(value))) valores.push(value);
    }
    opciones.push({ nombre, valores });
  }

  const categoryName = first.cells.categoria.trim();
  const id_categoria_producto = context.categories.get(foldName(categoryName));
  if (categoryName !== '' && id_categoria_producto === undefined) {
    fail(first.fila, 'categoria', IMPORT_MESSAGES.categoryUnknown(categoryName));
  }

  const photoOf = (cell: string, fila: number, columna: CatalogCsvColumn): PhotoRef | undefined => {
    if (cell.startsWith(SHOP_PHOTO)) return { url: cell };
    if (context.zipNames?.has(zipKey(cell))) return { zip: zipKey(cell) };
    fail(
      fila,
      columna,
      context.zipNames && !cell.includes('/')
        ? IMPORT_MESSAGES.photoNotFound(cell)
        : IMPORT_MESSAGES.photoNotOfShop(cell),
    );
    return undefined;
  };
  // The schema sees each photo of the ZIP under a stand-in address of the shop's form.
  const standIn = (ref: PhotoRef) =>
    'url' in ref ? ref.url : `${SHOP_PHOTO}zip-${ref.zip.replace(/[^\w-]/g, '_')}.webp`;
  const fotos = first.cells.imagenes
    .split(PHOTO_SEPARATOR)
    .map((cell) => cell.trim())
    .filter((cell) => cell !== '')
    .map((cell) => photoOf(cell, first.fila, 'imagenes'));

  const yesNo = (row: CsvRow, column: 'activo' | 'producto_activo') => {
    const value = readYesNo(row.cells[column]);
    if (value === null) fail(row.fila, column, IMPORT_MESSAGES.unreadableYesNo);
    return value ?? true;
  };

  const existing = new Set<number>();
  const variantInputs = rows.map((row) => {
    const sku = row.cells.sku.trim();
    if (sku === '') fail(row.fila, 'sku', IMPORT_MESSAGES.skuRequired);
    const lower = sku.toLowerCase();
    const twice = skuRows.get(lower);
    if (sku !== '' && twice !== undefined) fail(row.fila, 'sku', IMPORT_MESSAGES.skuTwice(twice));
    if (sku !== '') skuRows.set(lower, row.fila);
    const owner = context.skus.get(lower);
    if (owner !== undefined) existing.add(owner);
    if (row.cells.precio.trim() === '') fail(row.fila, 'precio', 'Campo Requerido');
    const cell = row.cells.imagen_variante.trim();
    const imagen = cell === '' ? null : photoOf(cell, row.fila, 'imagen_variante');
    return {
      sku,
      valores: opciones.map((_, j) => row.cells[`opcion${j + 1}_valor` as CatalogCsvColumn]),
      valor: row.cells.precio,
      valor_descuento: row.cells.precio_descuento.trim() === '' ? null : row.cells.precio_descuento,
      stock: row.cells.stock,
      stock_minimo: row.cells.stock_minimo,
      imagen: imagen ? standIn(imagen) : '',
      estado: yesNo(row, 'activo'),
      ref: imagen ?? null,
    };
  });
  if (existing.size > 1) fail(first.fila, 'sku', IMPORT_MESSAGES.skusOfTwoProducts);

  const parsed = productoSchemaFor(context.currency).safeParse({
    nombre: first.cells.nombre,
    descripcion_producto: first.cells.descripcion,
    valor: first.cells.precio,
    valor_descuento: null,
    id_categoria_producto: id_categoria_producto ?? 1,
    // A photo already said to be missing still counts, so the product is not also told it has none.
    imagenes: fotos.map((ref, i) => ({ url: ref ? standIn(ref) : `${SHOP_PHOTO}falta-${i}.webp`, alt: '' })),
    opciones,
    variantes: variantInputs.map(({ ref: _ref, ...input }) => input),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const { fila, columna } = locate(issue.path, rows);
      fail(fila, columna, issue.message);
    }
    return undefined;
  }
  const data = parsed.data;
  const variantes: PlannedVariant[] = (data.variantes ?? []).map((v, i) => {
    const row = rows[i] as CsvRow;
    const valor = v.valor ?? data.valor;
    const valor_descuento = v.valor_descuento ?? null;
    if (valor_descuento !== null && valor_descuento >= valor) {
      fail(row.fila, 'precio_descuento', DISCOUNT_NOT_BELOW_PRICE);
    }
    return {
      fila: row.fila,
      sku: v.sku ?? '',
      valores: v.valores,
      valor,
      valor_descuento,
      stock: v.stock,
      stock_minimo: v.stock_minimo ?? null,
      imagen: variantInputs[i]?.ref ?? null,
      estado: v.estado,
    };
  });
  const [id_producto] = existing;
  return {
    fila: first.fila,
    nombre: data.nombre,
    descripcion_producto: data.descripcion_producto,
    id_categoria_producto: data.id_categoria_producto,
    estado: yesNo(first, 'producto_activo'),
    fotos: fotos.filter((ref) => ref !== undefined),
    opciones: data.opciones ?? [],
    variantes,
    ...(id_producto === undefined ? {} : { id_producto }),
  };
}
