import type { UseQueryResult } from '@tanstack/react-query';
import {
  type Category,
  CURRENCIES,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_DESCRIPTION_MIN,
  PRODUCT_STOCK_MAX,
  type ProductPhoto,
} from '@vitrina/shared';
import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Button } from '../../../components/button';
import formStyles from '../../../components/form.module.css';
import { TextField } from '../../../components/text-field';
import { useShopCurrency } from '../../../lib/shop-money';
import type { ProductFormValues } from '../utils/product-form-values';
import { PhotosField } from './photos-field';
import { SelectField } from './select-field';
import { TextAreaField } from './text-area-field';
import { VariantsField } from './variants-field';

/** The categories to choose from, as the page's query has them: loading, failed or there. */
export type CategoryChoices = Pick<
  UseQueryResult<Category[]>,
  'data' | 'isPending' | 'isError' | 'isSuccess' | 'isFetching' | 'refetch'
>;

interface ProductFieldsProps {
  categories: CategoryChoices;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  imagenes: ProductPhoto[];
  onImagenesChange: (photos: ProductPhoto[]) => void;
  imageHint: string;
  /** Editing: the discount field is off while "Quitar el descuento" is checked. */
  discountDisabled?: boolean;
  /** Shown under the discount field (the edit form's "Quitar el descuento"). */
  discountExtra?: ReactNode;
  /** The product has options: its variants carry the stock and the discounts, so those fields go. */
  withOptions: boolean;
}

/**
 * The fields of the create and edit forms (SPEC §2): the same labels, order and messages in both, then
 * the options and variants (inside a FormProvider).
 */
export function ProductFields({
  categories,
  register,
  errors,
  imagenes,
  onImagenesChange,
  imageHint,
  discountDisabled,
  discountExtra,
  withOptions,
}: ProductFieldsProps) {
  const currency = useShopCurrency();
  const whole = CURRENCIES[currency].decimals === 0;
  const priceInput = whole ? 'numeric' : 'decimal';
  return (
    <div className={formStyles.grid}>
      <TextField
        className={formStyles.wide}
        label="Nombre"
        autoComplete="off"
        error={errors.nombre?.message}
        {...register('nombre')}
      />
      {!withOptions && (
        <TextField
          label="Stock"
          inputMode="numeric"
          autoComplete="off"
          hint={`Unidades disponibles (0 a ${PRODUCT_STOCK_MAX})`}
          error={errors.stock?.message}
          {...register('stock')}
        />
      )}
      <SelectField
        // Re-mounted once the options arrive, so the stored category shows as selected.
        key={categories.isSuccess ? 'loaded' : 'loading'}
        label="Categoría"
        error={
          errors.id_categoria_producto?.message ??
          (categories.isError ? 'No se pudieron cargar las categorías' : undefined)
        }
        {...register('id_categoria_producto')}
      >
        <option value="">{categories.isPending ? 'Cargando categorías…' : 'Elige una categoría'}</option>
        {categories.data?.map((category) => (
          <option key={category.id_categoria_producto} value={String(category.id_categoria_producto)}>
            {category.nombre_categoria_producto}
          </option>
        ))}
      </SelectField>
      {categories.isError && (
        // Asks for the categories again; what was typed in the other fields stays.
        <Button
          variant="secondary"
          className={formStyles.wide}
          disabled={categories.isFetching}
          onClick={() => categories.refetch()}
        >
          Reintentar cargar las categorías
        </Button>
      )}
      <TextAreaField
        className={formStyles.wide}
        label="Descripción"
        hint={`De ${PRODUCT_DESCRIPTION_MIN} a ${PRODUCT_DESCRIPTION_MAX} caracteres`}
        error={errors.descripcion_producto?.message}
        {...register('descripcion_producto')}
      />
      <TextField
        label="Precio"
        inputMode={priceInput}
        autoComplete="off"
        hint={
          <>
            {whole ? `En ${currency}, sin decimales: 12990` : `En ${currency}, con punto decimal: 129.90`}
            {withOptions && '. Lo toman las variantes que dejes sin precio'}
          </>
        }
        error={errors.valor?.message}
        {...register('valor', { deps: ['valor_descuento'] })}
      />
      {!withOptions && (
        <div>
          <TextField
            label="Precio con descuento"
            inputMode={priceInput}
            autoComplete="off"
            hint="Opcional; menor que el precio"
            error={errors.valor_descuento?.message}
            {...register('valor_descuento', { disabled: discountDisabled })}
          />
          {discountExtra}
        </div>
      )}
      <div className={formStyles.wide} data-field="imagen">
        <PhotosField
          hint={imageHint}
          value={imagenes}
          error={errors.imagenes?.message ?? errors.imagenes?.find?.((photo) => photo)?.alt?.message}
          onChange={onImagenesChange}
        />
      </div>
      <VariantsField />
    </div>
  );
}

/** The photos have no registered input: after a failed submit whose first error is them, focus it. */
export function focusImageField(form: HTMLFormElement | null) {
  form?.querySelector<HTMLInputElement>('[data-field="imagen"] input[type="file"]')?.focus();
}
