import {
  allCombinations,
  findVariant,
  type Product,
  type ProductOption,
  type ProductoUpdate,
  variantIssues,
} from '@vitrina/shared';

/*
 * The options and variants as the product form holds them (decision 074): an option's values are typed
 * as one comma-separated text; a variant's prices and stock are text like the product's own fields.
 */

export interface OptionFormValues {
  nombre: string;
  /** 'S, M, L'. */
  valores: string;
}

export interface VariantFormValues {
  /** A stored variant; none for one the form just made. */
  id_variante?: number;
  valores: string[];
  sku: string;
  /** '' takes the product's Precio. */
  valor: string;
  /** '' is no discount. */
  valor_descuento: string;
  stock: string;
  /** '' answers to the shop's low-stock threshold (Ajustes › Inventario). */
  stock_minimo: string;
  /** '' shows the product's main photo. */
  imagen: string;
  estado: boolean;
}

/** 'S, M ,, L' → ['S', 'M', 'L']. */
export const splitValues = (text: string) =>
  text
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');

export const toOptions = (opciones: readonly OptionFormValues[]): ProductOption[] =>
  opciones.map((option) => ({ nombre: option.nombre.trim(), valores: splitValues(option.valores) }));

/** Prices as the admin would type them: '129.9' → '129.90', 80 → '80'. */
export function priceText(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

const newRow = (valores: string[]): VariantFormValues => ({
  valores,
  sku: '',
  valor: '',
  valor_descuento: '',
  stock: '0',
  stock_minimo: '',
  imagen: '',
  estado: true,
});

/**
 * "Generar combinaciones": one row per combination of the options' values, in their order. A row whose
 * values are still a combination is kept as it is (its SKU, prices, stock and photo), spelled as the
 * options now spell them; the other rows go.
 */
export function generateRows(
  opciones: readonly ProductOption[],
  rows: readonly VariantFormValues[],
): VariantFormValues[] {
  return allCombinations(opciones).map((valores) => {
    const kept = findVariant(rows, valores);
    return kept ? { ...kept, valores } : newRow(valores);
  });
}

/** "Aplicar precio / stock": the value on the rows picked (all of them when none is). */
export function applyToRows(
  rows: readonly VariantFormValues[],
  field: 'valor' | 'stock',
  value: string,
  picked: ReadonlySet<number>,
): VariantFormValues[] {
  return rows.map((row, i) => (picked.size === 0 || picked.has(i) ? { ...row, [field]: value } : row));
}

/** The edit form starts from the stored options and variants (none shown for a product without options). */
export function optionRowsOf(product: Product): OptionFormValues[] {
  return product.opciones.map((option) => ({ nombre: option.nombre, valores: option.valores.join(', ') }));
}

/**
 * The variants the owner edits: those whose values are a combination of the options. A variant dropped
 * after it was sold stays, inactive, with values the options may no longer have, only so its orders
 * still say what they sold (074); the form leaves it out, and saving leaves it as it is.
 */
function editableVariants(product: Product) {
  return product.variantes.filter((variant) => variantIssues(product.opciones, [variant]).length === 0);
}

export function variantRowsOf(product: Product): VariantFormValues[] {
  if (product.opciones.length === 0) return [];
  return editableVariants(product).map((variant) => ({
    id_variante: variant.id_variante,
    valores: variant.valores,
    sku: variant.sku,
    valor: priceText(variant.valor),
    valor_descuento: variant.valor_descuento == null ? '' : priceText(variant.valor_descuento),
    stock: String(variant.stock),
    stock_minimo: variant.stock_minimo === null ? '' : String(variant.stock_minimo),
    imagen: variant.imagen,
    estado: variant.estado,
  }));
}

/**
 * What the schema reads from the form. Without options, SPEC's product: no options nor variants. With
 * them, the variants carry stock and discounts, so the product's own are left out (the server makes
 * them the variants'), and a variant's empty discount is an explicit "none" rather than the product's.
 * A variant's photo that is no longer among the product's falls back to the main one.
 */
export function withVariants<
  T extends {
    stock: string;
    valor_descuento: string;
    imagenes: ReadonlyArray<{ url: string }>;
    opciones: OptionFormValues[];
    variantes: VariantFormValues[];
  },
>(values: T) {
  const { opciones, variantes, ...product } = values;
  if (opciones.length === 0) return product;
  const photos = new Set(product.imagenes.map((photo) => photo.url));
  return {
    ...product,
    stock: undefined,
    valor_descuento: undefined,
    opciones: toOptions(opciones),
    variantes: variantes.map((row) => ({
      ...row,
      valor_descuento: row.valor_descuento.trim() === '' ? null : row.valor_descuento,
      imagen: photos.has(row.imagen) ? row.imagen : '',
    })),
  };
}

type VariantsUpdate = Pick<ProductoUpdate, 'opciones' | 'variantes'>;

/** A variant as the server answers it and as the form sends it, compared field by field. */
const sameVariants = (product: Product, sent: NonNullable<ProductoUpdate['variantes']>) =>
  JSON.stringify(
    editableVariants(product).map((v) => [
      v.id_variante,
      v.sku,
      v.valores,
      v.valor,
      v.valor_descuento,
      v.stock,
      v.stock_minimo,
      v.imagen,
      v.estado,
    ]),
  ) ===
  JSON.stringify(
    sent.map((v) => [
      v.id_variante,
      v.sku,
      v.valores,
      v.valor,
      v.valor_descuento,
      v.stock,
      v.stock_minimo ?? null,
      v.imagen,
      v.estado,
    ]),
  );

/**
 * The options and variants an edit sends: all of them when any changed, or when the base price did (the
 * variants left without a price take it); nothing when they are as stored. Dropping every option makes
 * the product one variant again, with the Stock typed (or the units it had).
 */
export function variantChanges(product: Product, parsed: ProductoUpdate): VariantsUpdate {
  const { opciones, variantes } = parsed;
  if (opciones === undefined || variantes === undefined) {
    if (product.opciones.length === 0) return {};
    return {
      opciones: [],
      variantes: [{ valores: [], stock: parsed.stock ?? product.stock, imagen: '', estado: true }],
    };
  }
  const changed =
    (parsed.valor !== undefined && parsed.valor !== product.valor) ||
    JSON.stringify(opciones) !== JSON.stringify(product.opciones) ||
    !sameVariants(product, variantes);
  return changed ? { opciones, variantes } : {};
}
