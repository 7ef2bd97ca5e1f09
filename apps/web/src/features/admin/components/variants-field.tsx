import {
  allCombinations,
  OPTIONS_MAX,
  tooManyCombinations,
  VARIANTS_MAX,
  variantLabel,
} from '@vitrina/shared';
import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  useId,
  useState,
} from 'react';
import { type FieldError, useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '../../../components/button';
import formStyles from '../../../components/form.module.css';
import { TextField } from '../../../components/text-field';
import type { ProductFormValues } from '../utils/product-form-values';
import { applyToRows, generateRows, toOptions } from '../utils/variant-rows';
import tableStyles from './admin-page.module.css';
import styles from './variants-field.module.css';

/** The first message in a field's errors, its items' included ('Un valor se repite en la opción'). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref') continue;
    const message = firstMessage(value);
    if (message) return message;
  }
  return undefined;
}

/** A list's own message (too many options, no variants), apart from its items' messages. */
const listMessage = (error: unknown) => {
  const list = error as { message?: string; root?: FieldError } | undefined;
  return list?.root?.message ?? list?.message;
};

/** An input or select of the variants table: named for its row, its error under it. */
function Cell({
  label,
  error,
  children,
}: {
  label: string;
  error: string | undefined;
  children: (control: {
    'aria-label': string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const errorId = useId();
  return (
    <>
      {children({
        'aria-label': label,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      )}
    </>
  );
}

const CellInput = ({
  label,
  error,
  ref,
  ...input
}: {
  label: string;
  error: string | undefined;
  ref?: Ref<HTMLInputElement>;
} & InputHTMLAttributes<HTMLInputElement>) => (
  <Cell label={label} error={error}>
    {(control) => <input ref={ref} className={styles.input} autoComplete="off" {...control} {...input} />}
  </Cell>
);

const CellSelect = ({
  label,
  error,
  ref,
  children,
  ...select
}: {
  label: string;
  error: string | undefined;
  ref?: Ref<HTMLSelectElement>;
} & SelectHTMLAttributes<HTMLSelectElement>) => (
  <Cell label={label} error={error}>
    {(control) => (
      <select ref={ref} className={styles.input} {...control} {...select}>
        {children}
      </select>
    )}
  </Cell>
);

/**
 * The product form's options and variants (issue 36, decisions 074 and 088): up to three options with their values,
 * "Generar combinaciones" making one variant per combination (keeping the rows already there), and a table
 * with each variant's SKU, prices, stock, photo and state; a price or a stock can be set on all the
 * variants, or on those picked. Without options the product is SPEC's: one variant, the fields above.
 */
export function VariantsField() {
  const titleId = useId();
  const {
    control,
    register,
    getValues,
    setValue,
    trigger,
    watch,
    formState: { errors, touchedFields, isSubmitted },
  } = useFormContext<ProductFormValues>();
  const options = useFieldArray({ control, name: 'opciones' });
  const variants = useFieldArray({ control, name: 'variantes' });
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [bulk, setBulk] = useState({ valor: '', stock: '' });
  const [notice, setNotice] = useState('');
  const [generated, setGenerated] = useState(false);
  /*
   * Leaving an option's name validates the whole option, so its values would be told they are missing
   * before the owner reached them (and the message vanishing under their next click moves the buttons
   * away from it): an option's messages wait until its field was left, or a generate or submit.
   */
  const optionError = (i: number, field: 'nombre' | 'valores') =>
    touchedFields.opciones?.[i]?.[field] || generated || isSubmitted
      ? firstMessage(errors.opciones?.[i]?.[field])
      : undefined;

  const opciones = toOptions(watch('opciones'));
  const rows = watch('variantes');
  const photos = watch('imagenes');
  const basePrice = watch('valor');
  const totalStock = rows
    .filter((row) => row.estado && /^\s*\d+\s*$/.test(row.stock))
    .reduce((sum, row) => sum + Number(row.stock), 0);

  const generate = async () => {
    setNotice('');
    setGenerated(true);
    if (!(await trigger('opciones'))) return;
    const current = toOptions(getValues('opciones'));
    const count = allCombinations(current).length;
    if (count > VARIANTS_MAX) {
      setNotice(tooManyCombinations(count));
      return;
    }
    variants.replace(generateRows(current, getValues('variantes')));
    setPicked(new Set());
  };

  const removeOption = (index: number) => {
    setNotice('');
    options.remove(index);
    // Without options the product is one variant again: the Stock and prices above.
    if (getValues('opciones').length === 0) variants.replace([]);
  };

  const removeRow = (index: number) => {
    variants.remove(index);
    setPicked(new Set());
  };

  const pick = (index: number, on: boolean) => {
    const next = new Set(picked);
    if (on) next.add(index);
    else next.delete(index);
    setPicked(next);
  };

  const apply = (field: 'valor' | 'stock') => {
    const next = applyToRows(getValues('variantes'), field, bulk[field], picked);
    next.forEach((row, i) => {
      setValue(`variantes.${i}.${field}`, row[field], { shouldDirty: true, shouldValidate: true });
    });
  };
  const toWhom = picked.size > 0 ? 'a las seleccionadas' : 'a todas';

  const optionsError = listMessage(errors.opciones);
  const variantsError = listMessage(errors.variantes) ?? notice;

  return (
    <fieldset className={`${formStyles.wide} ${styles.fieldset}`} aria-describedby={`${titleId}-hint`}>
      <legend className={styles.legend}>Opciones</legend>
      <p id={`${titleId}-hint`} className={styles.hint}>
        Talla, Color…: hasta {OPTIONS_MAX} opciones, cada variante con su SKU, precio, stock y foto. Sin
        opciones, el producto es una sola variante con el stock y el precio de arriba.
      </p>
      {options.fields.map((field, i) => (
        <div key={field.id} className={styles.option}>
          <TextField
            label={`Nombre de la opción ${i + 1}`}
            autoComplete="off"
            hint="Por ejemplo: Talla"
            error={optionError(i, 'nombre')}
            {...register(`opciones.${i}.nombre`)}
          />
          <TextField
            label={`Valores de la opción ${i + 1}`}
            autoComplete="off"
            hint="Separados por comas: S, M, L"
            error={optionError(i, 'valores')}
            {...register(`opciones.${i}.valores`)}
          />
          <Button variant="secondary" className={styles.optionRemove} onClick={() => removeOption(i)}>
            Quitar la opción {i + 1}
          </Button>
        </div>
      ))}
      {optionsError && (
        <p className={styles.error} role="alert">
          {optionsError}
        </p>
      )}
      <div className={styles.buttons}>
        <Button
          variant="secondary"
          disabled={options.fields.length >= OPTIONS_MAX}
          onClick={() => {
            // A new option is judged once left, like the first one.
            setGenerated(false);
            setNotice('');
            options.append({ nombre: '', valores: '' });
          }}
        >
          Añadir opción
        </Button>
        {options.fields.length > 0 && (
          <Button variant="secondary" onClick={generate}>
            Generar combinaciones
          </Button>
        )}
      </div>
      {variantsError && (
        <p className={styles.error} role="alert">
          {variantsError}
        </p>
      )}
      {options.fields.length > 0 && variants.fields.length > 0 && (
        <>
          <fieldset className={styles.bulk}>
            <legend className="visually-hidden">Cambiar varias variantes</legend>
            <TextField
              label="Precio para varias variantes"
              inputMode="decimal"
              autoComplete="off"
              value={bulk.valor}
              onChange={(event) => setBulk({ ...bulk, valor: event.target.value })}
            />
            <Button variant="secondary" onClick={() => apply('valor')}>
              Aplicar precio {toWhom}
            </Button>
            <TextField
              label="Stock para varias variantes"
              inputMode="numeric"
              autoComplete="off"
              value={bulk.stock}
              onChange={(event) => setBulk({ ...bulk, stock: event.target.value })}
            />
            <Button variant="secondary" onClick={() => apply('stock')}>
              Aplicar stock {toWhom}
            </Button>
          </fieldset>
          <div className={tableStyles.tableWrap}>
            <table className={`${tableStyles.table} ${styles.table}`}>
              <caption>
                Variantes: {variants.fields.length}. Stock total: {totalStock}{' '}
                {totalStock === 1 ? 'unidad' : 'unidades'}
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Seleccionar</span>
                  </th>
                  <th scope="col">Variante</th>
                  <th scope="col">SKU</th>
                  <th scope="col">Precio</th>
                  <th scope="col">Precio de oferta</th>
                  <th scope="col">Stock</th>
                  <th scope="col">Stock mínimo</th>
                  <th scope="col">Foto</th>
                  <th scope="col">Activa</th>
                  <th scope="col">
                    <span className="visually-hidden">Acciones</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {variants.fields.map((field, i) => {
                  const label = variantLabel(opciones, rows[i]?.valores ?? field.valores);
                  const rowErrors = errors.variantes?.[i];
                  return (
                    <tr key={field.id}>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={`Seleccionar ${label}`}
                          checked={picked.has(i)}
                          onChange={(event) => pick(i, event.target.checked)}
                        />
                      </td>
                      <th scope="row">
                        {label}
                        {rowErrors?.valores && (
                          <span className={styles.error}>{firstMessage(rowErrors.valores)}</span>
                        )}
                      </th>
                      <td data-label="SKU">
                        <CellInput
                          label={`SKU de ${label}`}
                          placeholder="Automático"
                          error={rowErrors?.sku?.message}
                          {...register(`variantes.${i}.sku`)}
                        />
                      </td>
                      <td data-label="Precio">
                        <CellInput
                          label={`Precio de ${label}`}
                          inputMode="decimal"
                          placeholder={basePrice}
                          error={rowErrors?.valor?.message}
                          {...register(`variantes.${i}.valor`)}
                        />
                      </td>
                      <td data-label="Precio de oferta">
                        <CellInput
                          label={`Precio de oferta de ${label}`}
                          inputMode="decimal"
                          error={rowErrors?.valor_descuento?.message}
                          {...register(`variantes.${i}.valor_descuento`)}
                        />
                      </td>
                      <td data-label="Stock">
                        <CellInput
                          label={`Stock de ${label}`}
                          inputMode="numeric"
                          error={rowErrors?.stock?.message}
                          {...register(`variantes.${i}.stock`)}
                        />
                      </td>
                      <td data-label="Stock mínimo">
                        <CellInput
                          label={`Stock mínimo de ${label}`}
                          inputMode="numeric"
                          placeholder="El de la tienda"
                          error={rowErrors?.stock_minimo?.message}
                          {...register(`variantes.${i}.stock_minimo`)}
                        />
                      </td>
                      <td data-label="Foto">
                        <CellSelect
                          label={`Foto de ${label}`}
                          error={rowErrors?.imagen?.message}
                          {...register(`variantes.${i}.imagen`)}
                        >
                          <option value="">La principal</option>
                          {photos.map((photo, n) => (
                            <option key={photo.url} value={photo.url}>
                              {`Foto ${n + 1}${photo.alt ? `: ${photo.alt}` : ''}`}
                            </option>
                          ))}
                        </CellSelect>
                      </td>
                      <td data-label="Activa">
                        <input
                          type="checkbox"
                          aria-label={`${label} activa`}
                          {...register(`variantes.${i}.estado`)}
                        />
                      </td>
                      <td className={tableStyles.actions}>
                        <Button
                          variant="secondary"
                          aria-label={`Quitar ${label}`}
                          onClick={() => removeRow(i)}
                        >
                          Quitar
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </fieldset>
  );
}
