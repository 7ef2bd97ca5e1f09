/*
 * Options and variants (docs/decisions/074-variants.md). A product has up to three options (Talla,
 * Color…), each with its values; a variant is one combination of values with its own SKU, price, stock,
 * picture and active flag. A product without options has exactly one variant, whose `valores` is [].
 *
 * - An option: a name of 1–30 characters and 1–30 distinct values of 1–30 characters each; names are
 *   distinct too (case and accents aside, as a shopper reads them).
 * - A variant: one value of each option, in the options' order, from that option's values; no two
 *   variants of a product share a combination; at most 100 variants.
 * - SKU: 1–40 letters, digits, '-', '_' or '.', starting with a letter or a digit; unique in the shop
 *   whatever its case (the server checks against the other products). Left empty, the shop makes one.
 *
 * Without zod (the forms' and the API's schemas are in variant-schemas.ts): the cart, in every storefront
 * page's first load, names its lines with these.
 */

export const OPTIONS_MAX = 3;
export const OPTION_VALUES_MAX = 30;
export const OPTION_TEXT_MAX = 30;
export const VARIANTS_MAX = 100;
export const SKU_MAX = 40;
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export const SKU_INVALID = `El SKU admite hasta ${SKU_MAX} letras, números, guiones, guiones bajos o puntos, sin espacios`;
export const skuTaken = (sku: string) => `El SKU ${sku} ya lo usa otro producto`;
export const VARIANT_REQUIRED = 'Elige una variante del producto';
export const VARIANT_NOT_OF_PRODUCT = 'La variante no es de este producto';
export const VARIANT_UNAVAILABLE = 'Esa variante ya no está disponible.';

/** A variant as a product's JSON carries it; prices in currency units (variant-schemas.ts checks it). */
export interface Variant {
  id_variante: number;
  sku: string;
  valores: string[];
  valor: number;
  valor_descuento: number | null;
  stock: number;
  /** Its own low-stock threshold; null: the shop's default (low-stock.ts). */
  stock_minimo: number | null;
  imagen: string;
  estado: boolean;
}

export interface ProductOption {
  nombre: string;
  valores: string[];
}

/** What a shopper compares: case and accents aside. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** No two of these texts are the same to a shopper (case and accents aside): options' names, an option's values. */
export const distinctTexts = (texts: readonly string[]) => new Set(texts.map(folded)).size === texts.length;

/**
 * A variant's label, what order lines, e-mails and the cart show: its values joined by ' · ', a short
 * value (a size like 'M' or '42', three characters at most) after its option's name, since alone it
 * says little ('Talla M · Rojo'). '' for a product without options.
 */
export function variantLabel(opciones: readonly ProductOption[], valores: readonly string[]): string {
  return valores
    .map((value, i) => {
      const name = opciones[i]?.nombre;
      return name && value.length <= 3 ? `${name} ${value}` : value;
    })
    .join(' · ');
}

/** A combination's key: its values as a shopper compares them. */
export const combinationKey = (valores: readonly string[]) => valores.map(folded).join('\u0000');

/** Why "Generar combinaciones" makes nothing: the options have more combinations than a product's variants. */
export const tooManyCombinations = (count: number) =>
  `Un producto admite hasta ${VARIANTS_MAX} variantes; estas opciones hacen ${count}`;

/** Every combination of the options' values, in the options' order: what "Generar combinaciones" makes. */
export function allCombinations(opciones: readonly ProductOption[]): string[][] {
  return opciones.reduce<string[][]>(
    (combos, option) => combos.flatMap((combo) => option.valores.map((value) => [...combo, value])),
    [[]],
  );
}

/**
 * Why these variants do not fit these options, as issues on `variantes` (index, field), or none: each
 * has one value of each option from its values, no combination twice, no SKU twice, at least one.
 */
export function variantIssues(
  opciones: readonly ProductOption[],
  variantes: ReadonlyArray<{ valores: readonly string[]; sku?: string | undefined }>,
): Array<{ path: (string | number)[]; message: string }> {
  const issues: Array<{ path: (string | number)[]; message: string }> = [];
  if (variantes.length === 0) return [{ path: ['variantes'], message: 'Indica al menos una variante' }];
  if (opciones.length === 0 && variantes.length > 1) {
    return [{ path: ['variantes'], message: 'Un producto sin opciones tiene una sola variante' }];
  }
  const combos = new Set<string>();
  const skus = new Set<string>();
  variantes.forEach((variant, i) => {
    const fits =
      variant.valores.length === opciones.length &&
      variant.valores.every((value, j) => opciones[j]?.valores.some((v) => folded(v) === folded(value)));
    if (!fits) {
      issues.push({
        path: ['variantes', i, 'valores'],
        message:
          opciones.length === 0
            ? 'El producto no tiene opciones'
            : `Elige un valor de cada opción: ${opciones.map((o) => o.nombre).join(', ')}`,
      });
      return;
    }
    const key = combinationKey(variant.valores);
    if (combos.has(key)) {
      issues.push({ path: ['variantes', i, 'valores'], message: 'Esa combinación ya es otra variante' });
    }
    combos.add(key);
    const sku = variant.sku?.toLowerCase();
    if (sku) {
      if (skus.has(sku)) issues.push({ path: ['variantes', i, 'sku'], message: 'El SKU se repite' });
      skus.add(sku);
    }
  });
  return issues;
}

/** A variant can be bought: active, with units. */
export const isBuyable = (variant: Pick<Variant, 'estado' | 'stock'>) => variant.estado && variant.stock > 0;

/** The variant whose values are these (case and accents aside), if any. */
export function findVariant<T extends { valores: readonly string[] }>(
  variantes: readonly T[],
  valores: readonly string[],
): T | undefined {
  const key = combinationKey(valores);
  return variantes.find((variant) => combinationKey(variant.valores) === key);
}

/** An order line's name for people: the product's, with its variant's label when it has options. */
export const lineName = (nombre: string, label: string) => (label ? `${nombre} (${label})` : nombre);

/*
 * The product page's choice: a value per option, undefined where the shopper has not chosen yet. A value
 * that no variant can be bought with, given the other values chosen, is shown unavailable with its
 * reason, never hidden.
 */
export type VariantChoice = ReadonlyArray<string | undefined>;

export const VALUE_SOLD_OUT = 'Agotado';
export const VALUE_NOT_SOLD = 'No disponible';

const fits = (valores: readonly string[], choice: VariantChoice) =>
  choice.every((value, i) => value === undefined || folded(valores[i] ?? '') === folded(value));

/** Why `value` of option `index` cannot be bought with the rest of `choice`, or null when it can. */
export function valueUnavailable(
  variantes: ReadonlyArray<Pick<Variant, 'valores' | 'estado' | 'stock'>>,
  choice: VariantChoice,
  index: number,
  value: string,
): string | null {
  const asked = choice.map((chosen, i) => (i === index ? value : chosen));
  const candidates = variantes.filter((variant) => fits(variant.valores, asked));
  if (candidates.some(isBuyable)) return null;
  return candidates.some((variant) => variant.estado) ? VALUE_SOLD_OUT : VALUE_NOT_SOLD;
}

/** The variant a choice names once every option has a value (a product without options: its one). */
export function chosenVariant<T extends Pick<Variant, 'valores'>>(
  opciones: readonly ProductOption[],
  variantes: readonly T[],
  choice: VariantChoice,
): T | undefined {
  if (opciones.some((_, i) => choice[i] === undefined)) return undefined;
  return findVariant(
    variantes,
    opciones.map((_, i) => choice[i] ?? ''),
  );
}

/** The variants a partial choice still leaves. */
export const variantsLeft = <T extends Pick<Variant, 'valores'>>(
  variantes: readonly T[],
  choice: VariantChoice,
) => variantes.filter((variant) => fits(variant.valores, choice));

/**
 * Where the page starts: the variant the address names (`?variante=`), else nothing chosen but the options
 * that have a single value.
 */
export function initialChoice(
  opciones: readonly ProductOption[],
  variantes: ReadonlyArray<Pick<Variant, 'id_variante' | 'valores'>>,
  idVariante: number | undefined,
): Array<string | undefined> {
  const named = variantes.find((variant) => variant.id_variante === idVariante);
  if (named && named.valores.length === opciones.length) return [...named.valores];
  return opciones.map((option) => (option.valores.length === 1 ? option.valores[0] : undefined));
}

/** The product page's address names the chosen variant: /products/12?variante=34. */
export const VARIANT_PARAM = 'variante';

/** The variant id an address carries, or undefined for anything that is not one. */
export function variantParam(value: string | null | undefined): number | undefined {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : undefined;
}

/** What a cart line or the product page sells: a variant, or a product without options itself. */
export interface Sellable {
  /** Undefined for a product without options: its line needs none (a cart kept before variants). */
  id_variante: number | undefined;
  /** '' for a product without options. */
  etiqueta: string;
  sku: string;
  valor: number;
  valor_descuento: number | null;
  stock: number;
  /** Whether it is sold at all: the product and the variant active. */
  estado: boolean;
  /** The variant's picture, else the product's. */
  imagen: string;
}

interface SellableProduct {
  opciones: readonly ProductOption[];
  variantes: readonly Variant[];
  valor: number;
  valor_descuento: number | null;
  stock: number;
  estado: boolean;
  imagen: string;
}

/**
 * The variant `idVariante` of `product` as it is sold, or undefined when the product has options and
 * that is none of its variants. A product without options is its own (the product mirrors its variant).
 */
export function sellableOf(product: SellableProduct, idVariante: number | undefined): Sellable | undefined {
  const { opciones, valor, valor_descuento, stock, estado, imagen } = product;
  if (opciones.length === 0) {
    const sku = product.variantes[0]?.sku ?? '';
    return { id_variante: undefined, etiqueta: '', sku, valor, valor_descuento, stock, estado, imagen };
  }
  const variant = product.variantes.find((v) => v.id_variante === idVariante);
  if (!variant) return undefined;
  return {
    id_variante: variant.id_variante,
    etiqueta: variantLabel(opciones, variant.valores),
    sku: variant.sku,
    valor: variant.valor,
    valor_descuento: variant.valor_descuento,
    stock: variant.stock,
    estado: estado && variant.estado,
    imagen: variant.imagen || imagen,
  };
}
