import { zodResolver } from '@hookform/resolvers/zod';
import type { Product, ProductoUpdate, ProductPhoto } from '@vitrina/shared';
import type { FieldPath, Resolver } from 'react-hook-form';
import {
  type OptionFormValues,
  optionRowsOf,
  priceText,
  type VariantFormValues,
  variantRowsOf,
  withVariants,
} from './variant-rows';

/** What the product form holds: inputs give text; the shared schemas parse it (SPEC §5). */
export interface ProductFormValues {
  nombre: string;
  stock: string;
  descripcion_producto: string;
  valor: string;
  valor_descuento: string;
  id_categoria_producto: string;
  /** The photos in order; the first is the product's imagen. */
  imagenes: ProductPhoto[];
  /** None: SPEC's product, one variant with the fields above. */
  opciones: OptionFormValues[];
  variantes: VariantFormValues[];
}

export const PRODUCT_FORM_FIELDS = [
  'nombre',
  'stock',
  'descripcion_producto',
  'valor',
  'valor_descuento',
  'id_categoria_producto',
  'imagenes',
] as const satisfies ReadonlyArray<keyof ProductFormValues>;

export const emptyProductValues: ProductFormValues = {
  nombre: '',
  stock: '',
  descripcion_producto: '',
  valor: '',
  valor_descuento: '',
  id_categoria_producto: '',
  imagenes: [],
  opciones: [],
  variantes: [],
};

/**
 * The product forms' validation: `schema` (the API's) reads the form's text, without the options and
 * variants when there are none (variant-rows.ts withVariants), and gives what is sent.
 */
export function productFormResolver<Output>(
  schema: Parameters<typeof zodResolver>[0],
): Resolver<ProductFormValues, unknown, Output> {
  const resolve = zodResolver(schema) as unknown as Resolver<ProductFormValues, unknown, Output>;
  return (values, context, options) =>
    resolve(withVariants(values) as unknown as ProductFormValues, context, options);
}

/** The edit form starts from the stored product. */
export function productToFormValues(product: Product): ProductFormValues {
  return {
    nombre: product.nombre,
    stock: String(product.stock),
    descripcion_producto: product.descripcion_producto,
    valor: priceText(product.valor),
    valor_descuento: product.valor_descuento == null ? '' : priceText(product.valor_descuento),
    id_categoria_producto: String(product.id_categoria_producto),
    imagenes: product.imagenes,
    opciones: optionRowsOf(product),
    variantes: variantRowsOf(product),
  };
}

/**
 * The fields to send when editing (SPEC §5 "Edit sends only non-empty fields"): those the admin filled
 * with a value different from the stored one. An emptied field was parsed as `undefined` (unchanged);
 * `valor_descuento: null` (the discount removed) counts only if the product had a discount.
 */
export function changedFields(product: Product, parsed: ProductoUpdate): ProductoUpdate {
  const changes: ProductoUpdate = {};
  for (const key of PRODUCT_FORM_FIELDS) {
    const value = parsed[key];
    if (value === undefined) continue;
    const stored = product[key] ?? null;
    // The photos are a list: the same photos in the same order with the same texts are no change.
    const same = key === 'imagenes' ? JSON.stringify(value) === JSON.stringify(stored) : value === stored;
    if (!same) Object.assign(changes, { [key]: value });
  }
  return changes;
}

export function hasChanges(changes: ProductoUpdate): boolean {
  return Object.keys(changes).length > 0;
}

/** The fields a server's answer may name: the product's, then each variant's ('variantes.2.sku'). */
export function serverFieldNames(rows: readonly unknown[]): Array<FieldPath<ProductFormValues>> {
  const perVariant = ['sku', 'valor', 'valor_descuento', 'stock', 'imagen', 'valores'] as const;
  return [
    ...PRODUCT_FORM_FIELDS,
    ...rows.flatMap((_, i) => perVariant.map((field) => `variantes.${i}.${field}` as const)),
  ];
}
