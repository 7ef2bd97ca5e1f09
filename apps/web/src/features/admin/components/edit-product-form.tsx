import {
  NOTIFY_MS,
  PRODUCT_PHOTOS_MAX,
  type Product,
  type ProductoUpdate,
  productoUpdateSchemaFor,
  UPLOAD_MAX_MB,
} from '@vitrina/shared';
import { useId, useMemo, useRef, useState } from 'react';
import { type FieldErrors, FormProvider, useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import formStyles from '../../../components/form.module.css';
import { errorMessage } from '../../../lib/api-client';
import { confirm, notify } from '../../../lib/notifications';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useShopCurrency } from '../../../lib/shop-money';
import { useEditProduct } from '../api/edit-product';
import {
  changedFields,
  hasChanges,
  PRODUCT_FORM_FIELDS,
  type ProductFormValues,
  productFormResolver,
  productToFormValues,
  serverFieldNames,
} from '../utils/product-form-values';
import { variantChanges } from '../utils/variant-rows';
import styles from './edit-product-form.module.css';
import { type CategoryChoices, focusImageField, ProductFields } from './product-fields';

const NOTHING_TO_SAVE = 'No hay cambios para guardar';

/**
 * Edit product (SPEC §2, §5, §8): starts from the stored values and sends only the fields filled with a
 * different value (an emptied field means "leave it as it is"), after the confirmation 'Estás seguro de
 * que quieres hacer estos cambios?'.
 */
export function EditProductForm({ product, categories }: { product: Product; categories: CategoryChoices }) {
  const edit = useEditProduct();
  const formRef = useRef<HTMLFormElement>(null);
  const removeId = useId();
  const [removeDiscount, setRemoveDiscount] = useState(false);
  const currency = useShopCurrency();
  const resolver = useMemo(
    () => productFormResolver<ProductoUpdate>(productoUpdateSchemaFor(currency)),
    [currency],
  );
  const form = useForm<ProductFormValues, unknown, ProductoUpdate>({
    resolver,
    mode: 'onTouched',
    defaultValues: productToFormValues(product),
  });
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    getValues,
    reset,
    watch,
    formState: { errors },
  } = form;

  // The discount field empties (and is off) while "Quitar el descuento" is checked; unchecking brings
  // the stored discount back.
  const onRemoveDiscount = (remove: boolean) => {
    setRemoveDiscount(remove);
    const value = remove ? '' : productToFormValues(product).valor_descuento;
    setValue('valor_descuento', value, { shouldValidate: true });
  };

  const onValid = async (parsed: ProductoUpdate) => {
    const changes = { ...changedFields(product, parsed), ...variantChanges(product, parsed) };
    if (removeDiscount && product.valor_descuento != null) changes.valor_descuento = null;
    if (!hasChanges(changes)) {
      notify({ title: NOTHING_TO_SAVE, icon: 'info', timer: NOTIFY_MS });
      return;
    }
    const confirmed = await confirm({ title: 'Estás seguro de que quieres hacer estos cambios?' });
    if (!confirmed) {
      notify({ title: 'Cambios no realizados', icon: 'info', timer: NOTIFY_MS });
      return;
    }
    edit.mutate(
      { id: product.id_producto, changes },
      {
        onSuccess: (updated) => {
          setRemoveDiscount(false);
          reset(productToFormValues(updated));
          notify({ title: '¡Producto actualizado!', icon: 'success', timer: NOTIFY_MS });
        },
        onError: (error) => {
          const named = showServerFieldErrors(error, serverFieldNames(getValues('variantes')), setError);
          if (named[0] === 'imagenes') focusImageField(formRef.current);
          notify({ title: 'Error', text: errorMessage(error), icon: 'error', timer: NOTIFY_MS });
        },
      },
    );
  };

  const onInvalid = (invalid: FieldErrors<ProductFormValues>) => {
    const first = PRODUCT_FORM_FIELDS.find((name) => invalid[name]);
    if (first === 'imagenes') focusImageField(formRef.current);
    // Every field emptied: the schema's only complaint is that nothing would change.
    if (!first && !invalid.opciones && !invalid.variantes)
      notify({ title: NOTHING_TO_SAVE, icon: 'info', timer: NOTIFY_MS });
  };

  const withOptions = watch('opciones').length > 0;
  return (
    <FormProvider {...form}>
      <form ref={formRef} className={formStyles.form} noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <p className={formStyles.required}>
          Se guardan solo los campos que cambies; un campo vacío conserva su valor actual.
        </p>
        <ProductFields
          withOptions={withOptions}
          categories={categories}
          register={register}
          errors={errors}
          imagenes={watch('imagenes')}
          imageHint={`Hasta ${PRODUCT_PHOTOS_MAX} fotos (JPG, PNG o WebP, hasta ${UPLOAD_MAX_MB} MB cada una). La primera es la principal.`}
          onImagenesChange={(photos) =>
            setValue('imagenes', photos, { shouldDirty: true, shouldValidate: true })
          }
          discountDisabled={removeDiscount}
          discountExtra={
            product.valor_descuento != null && (
              <div className={`${formStyles.checkbox} ${styles.removeDiscount}`}>
                <input
                  id={removeId}
                  type="checkbox"
                  checked={removeDiscount}
                  onChange={(event) => onRemoveDiscount(event.target.checked)}
                />
                <label htmlFor={removeId}>Quitar el descuento</label>
              </div>
            )
          }
        />
        <div className={formStyles.actions}>
          <Button type="submit" size="lg" disabled={edit.isPending}>
            Guardar cambios
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
