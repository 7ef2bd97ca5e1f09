import { z } from 'zod';

/*
 * The catalog in and out by CSV (Ajustes › Importar / Exportar, docs/decisions/089). One row per variant;
 * the rows of one product share its `producto` key and carry its name, description, category, state and
 * photos (on the first row; later rows may leave them empty). The export writes these columns and the
 * import reads them back, so an exported file imported again changes nothing.
 */

export const CATALOG_CSV_COLUMNS = [
  'producto',
  'nombre',
  'descripcion',
  'categoria',
  'producto_activo',
  'imagenes',
  'opcion1_nombre',
  'opcion1_valor',
  'opcion2_nombre',
  'opcion2_valor',
  'opcion3_nombre',
  'opcion3_valor',
  'sku',
  'precio',
  'precio_descuento',
  'stock',
  'stock_minimo',
  'activo',
  'imagen_variante',
] as const;
export type CatalogCsvColumn = (typeof CATALOG_CSV_COLUMNS)[number];

/** Columns whose value is the product's, not the variant's: read from the product's first row. */
export const PRODUCT_COLUMNS = [
  'nombre',
  'descripcion',
  'categoria',
  'producto_activo',
  'imagenes',
] as const satisfies readonly CatalogCsvColumn[];

/** Photos in one cell: file names of the ZIP or the shop's photo addresses, separated by '|'. */
export const PHOTO_SEPARATOR = '|';

export const CATALOG_IMPORT_MAX_ROWS = 20_000;
export const CATALOG_CSV_MAX_MB = 20;
export const CATALOG_ZIP_MAX_MB = 100;
export const CATALOG_CSV_MAX_BYTES = CATALOG_CSV_MAX_MB * 1024 * 1024;
export const CATALOG_ZIP_MAX_BYTES = CATALOG_ZIP_MAX_MB * 1024 * 1024;

/** Yes and no as the export writes them ('sí', 'no'); the import also takes si, true, false, 1, 0. */
export const CSV_YES = 'sí';
export const CSV_NO = 'no';
const YES = new Set(['sí', 'si', 'true', '1', 'verdadero']);
const NO = new Set(['no', 'false', '0', 'falso']);

/** A yes/no cell: true, false, undefined when empty (the default applies), or null when unreadable. */
export function readYesNo(cell: string): boolean | undefined | null {
  const value = cell.trim().toLowerCase();
  if (value === '') return undefined;
  if (YES.has(value)) return true;
  if (NO.has(value)) return false;
  return null;
}

export const IMPORT_MESSAGES = {
  chooseCsv: 'Elige el archivo CSV del catálogo.',
  csvTooLarge: `El CSV supera el máximo de ${CATALOG_CSV_MAX_MB} MB.`,
  zipTooLarge: `El ZIP de fotos supera el máximo de ${CATALOG_ZIP_MAX_MB} MB.`,
  tooManyRows: `El CSV admite hasta ${CATALOG_IMPORT_MAX_ROWS.toLocaleString('es')} filas.`,
  notCsv: 'El archivo no es un CSV de texto. Guárdalo desde tu planilla como «CSV UTF-8».',
  unreadableCsv: 'El CSV no se puede leer: revisa las comillas.',
  noRows: 'El CSV no tiene filas de productos.',
  notZip: 'El archivo de fotos no es un ZIP válido.',
  missingColumns: (names: readonly string[]) =>
    `Faltan columnas en el CSV: ${names.join(', ')}. Descarga la exportación para ver el formato.`,
  unknownColumns: (names: readonly string[]) => `Columnas que no conocemos: ${names.join(', ')}.`,
  unreadableYesNo: 'Escribe sí o no',
  skuRequired: 'Indica el SKU: con él la importación sabe qué variante crear o actualizar',
  skuTwice: (row: number) => `El SKU ya está en la fila ${row}`,
  categoryUnknown: (name: string) => `La categoría «${name}» no existe. Créala antes en Categorías.`,
  productDiffers: (column: string, row: number) =>
    `No coincide con ${column} de la fila ${row}, la primera del producto`,
  optionNameMissing: 'Indica el nombre de la opción',
  optionValueMissing: 'Indica el valor de la opción',
  productTwice: (row: number) =>
    `Estos SKU son del mismo producto que la fila ${row}: usa la misma clave en producto`,
  skusOfTwoProducts: 'Los SKU de este producto son de dos productos distintos de la tienda',
  photoNotFound: (name: string) => `La foto «${name}» no está en el ZIP`,
  photoNotImage: (name: string) => `La foto «${name}» no es una imagen válida`,
  photoNotOfShop: (name: string) =>
    `«${name}» no es una foto del ZIP ni una foto de la tienda (/uploads/productos/…)`,
  photoTooLarge: (name: string, mb: number) => `La foto «${name}» supera el máximo de ${mb} MB`,
  notSaved: 'No se pudo guardar desde esta fila; no se importó nada. Revisa la fila y vuelve a intentarlo.',
  photoMissingInShop: (name: string) => `La foto ${name} ya no está en la tienda`,
} as const;

/** One problem of the file, where the owner finds it: row 1 is the header, so data starts at row 2. */
export const importErrorSchema = z.object({
  fila: z.number().int(),
  columna: z.string(),
  mensaje: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

/** What an import (or its dry run) did, or would do. */
export const importResultSchema = z.object({
  creados: z.number().int(),
  actualizados: z.number().int(),
  errores: z.array(importErrorSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const importQuerySchema = z.object({
  dry_run: z
    .enum(['true', 'false', '1', '0'], { error: 'dry_run debe ser true o false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/** At most this many errors are listed: a wholly wrong file would otherwise answer megabytes. */
export const IMPORT_ERRORS_MAX = 500;

/** The Ajustes screen's help: the columns and what each takes, in the shop's words. */
export const CATALOG_CSV_HELP: ReadonlyArray<{ columna: CatalogCsvColumn; ayuda: string }> = [
  { columna: 'producto', ayuda: 'Clave que agrupa las filas (variantes) de un mismo producto.' },
  { columna: 'nombre', ayuda: 'Nombre del producto (en la primera fila del producto).' },
  { columna: 'descripcion', ayuda: 'Descripción del producto.' },
  { columna: 'categoria', ayuda: 'Nombre de una categoría que ya existe en la tienda.' },
  { columna: 'producto_activo', ayuda: '«sí» o «no»: si el producto se muestra en la tienda.' },
  {
    columna: 'imagenes',
    ayuda: 'Fotos separadas por «|»: nombres de archivo del ZIP o direcciones /uploads/productos/….',
  },
  { columna: 'opcion1_nombre', ayuda: 'Nombre de la opción (Talla, Color…); vacío si no tiene opciones.' },
  { columna: 'opcion1_valor', ayuda: 'Valor de esa opción en esta variante (M, Azul…). Igual para 2 y 3.' },
  { columna: 'sku', ayuda: 'Código único de la variante: con él se crea o actualiza.' },
  { columna: 'precio', ayuda: 'Precio con punto decimal, en la moneda de la tienda.' },
  { columna: 'precio_descuento', ayuda: 'Precio con descuento; vacío si no tiene.' },
  { columna: 'stock', ayuda: 'Unidades disponibles, número entero.' },
  {
    columna: 'stock_minimo',
    ayuda: 'Con cuántas unidades avisa el stock bajo; vacío: el stock mínimo de la tienda.',
  },
  { columna: 'activo', ayuda: '«sí» o «no»: si la variante se puede comprar.' },
  { columna: 'imagen_variante', ayuda: 'Foto propia de la variante (opcional), como en imagenes.' },
];
