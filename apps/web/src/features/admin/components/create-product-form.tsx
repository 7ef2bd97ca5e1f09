import {
  NOTIFY_MS,
  PRODUCT_PHOTOS_MAX,
  type ProductoData,
  productoSchemaFor,
  UPLOAD_MAX_MB,
} from '@vitrina/shared';
import { useMemo, useRef } from 'react';
import { type FieldErrors, FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import formStyles from '../../../components/form.module.css';
import { notify } from '../../../lib/notifications';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useShopCurrency } from '../../../lib/shop-money';
import { useCreateProduct } from '../api/create-product';
import {
  emptyProductValues,
  PRODUCT_FORM_FIELDS,
  type ProductFormValues,
  productFormResolver,
  serverFieldNames,
} from '../utils/product-form-values';
import { type CategoryChoices, focusImageField, ProductFields } from './product-fields';

/**
 * Create product (SPEC §2, §5, §8): validated with the schema POST /api/products applies, so nothing is
 * sent while a field is wrong. Success says 'producto creado correctamente' and goes to /adminHome; a
 * failure says 'Error' / 'intente nuevamente' and keeps what was typed.
 */
export function CreateProductForm({ categories }: { categories: CategoryChoices }) {
  const navigate = useNavigate();
  const creation = useCreateProduct();
  const formRef = useRef<HTMLFormElement>(null);
  const currency = useShopCurrency();
  // Prices in the shop's currency.
  const resolver = useMemo(() => productFormResolver<ProductoData>(productoSchemaFor(currency)), [currency]);
  const form = useForm<ProductFormValues, unknown, ProductoData>({
    resolver,
    mode: 'onTouched',
    defaultValues: emptyProductValues,
  });
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    getValues,
    watch,
    formState: { errors },
  } = form;

  const onValid = (product: ProductoData) => {
    creation.mutate(product, {
      onSuccess: () => {
        notify({ title: 'producto creado correctamente', icon: 'success', timer: NOTIFY_MS });
        navigate('/adminHome');
      },
      onError: (error) => {
        const named = showServerFieldErrors(error, serverFieldNames(getValues('variantes')), setError);
        if (named[0] === 'imagenes') focusImageField(formRef.current);
        notify({ title: 'Error', text: 'intente nuevamente', icon: 'error', timer: NOTIFY_MS });
      },
    });
  };

  const onInvalid = (invalid: FieldErrors<ProductFormValues>) => {
    const first = PRODUCT_FORM_FIELDS.find((name) => invalid[name]);
    if (first === 'imagenes') focusImageField(formRef.current);
  };

  return (
    <FormProvider {...form}>
      <form ref={formRef} className={formStyles.form} noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <ProductFields
          withOptions={watch('opciones').length > 0}
          categories={categories}
          register={register}
          errors={errors}
          imagenes={watch('imagenes')}
          imageHint={`Hasta ${PRODUCT_PHOTOS_MAX} fotos; se suben al elegirlas (JPG, PNG o WebP, hasta ${UPLOAD_MAX_MB} MB cada una). La primera es la principal.`}
          onImagenesChange={(photos) =>
            setValue('imagenes', photos, { shouldDirty: true, shouldValidate: true })
          }
        />
        <div className={formStyles.actions}>
          <Button type="submit" size="lg" disabled={creation.isPending}>
            Crear producto
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
