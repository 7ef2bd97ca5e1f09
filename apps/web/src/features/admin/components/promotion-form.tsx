import {
  type Category,
  CURRENCIES,
  NOTIFY_MS,
  PROMOTION_TYPE_LABELS,
  PROMOTION_TYPES,
  type Promotion,
  type PromotionInput,
  promotionInputSchema,
} from '@vitrina/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import formStyles from '../../../components/form.module.css';
import { TextField } from '../../../components/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { useShopCurrency } from '../../../lib/shop-money';
import { useSavePromotion } from '../api/promotions';
import styles from './promotion-form.module.css';
import { SelectField } from './select-field';

type FieldErrors = Partial<Record<keyof PromotionInput, string>>;

/** A typed number: '' stays empty, a decimal comma is read as a point; anything else is left to the schema. */
const readNumber = (text: string): number | null =>
  text.trim() === '' ? null : Number(text.trim().replace(',', '.'));

/** '12, 40 7' → [12, 40, 7]; a word becomes NaN, which the schema refuses with its message. */
const readIds = (text: string): number[] =>
  text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((id) => Number(id));

/**
 * Creates a code or an automatic promotion (no `promotion`), or edits one: every field of POST /api/cupones,
 * checked with the shared schema the server applies, so its messages are the same.
 */
export function PromotionForm({
  promotion,
  categories,
  onDone,
}: {
  promotion?: Promotion;
  /** The shop's categories, to scope the promotion to some of them. */
  categories: readonly Category[];
  onDone?: () => void;
}) {
  const save = useSavePromotion();
  const currency = useShopCurrency();
  const [errors, setErrors] = useState<FieldErrors>({});
  const inputMode = CURRENCIES[currency].decimals === 0 ? 'numeric' : 'decimal';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '');
    const parsed = promotionInputSchema(currency).safeParse({
      codigo: text('codigo'),
      tipo: text('tipo'),
      valor: readNumber(text('valor')),
      minimo: readNumber(text('minimo')),
      desde: text('desde') || null,
      hasta: text('hasta') || null,
      usos_max: readNumber(text('usos_max')),
      usos_por_cliente: readNumber(text('usos_por_cliente')),
      categorias: data.getAll('categorias').map(Number),
      productos: readIds(text('productos')),
      combinable: data.get('combinable') === 'on',
      automatica: data.get('automatica') === 'on',
      activa: data.get('activa') === 'on',
    });
    const show = (found: FieldErrors) => {
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    };
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof PromotionInput] ??= issue.message;
      show(found);
      return;
    }
    setErrors({});
    save.mutate(
      { id: promotion?.id, input: parsed.data },
      {
        onSuccess: (saved) => {
          notify({
            title: promotion ? 'Promoción guardada' : `Promoción ${saved.codigo} creada`,
            icon: 'success',
            timer: NOTIFY_MS,
          });
          if (!promotion) form.reset();
          onDone?.();
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) show(error.fields as FieldErrors);
          notify({ title: 'Error', text: errorMessage(error), icon: 'error', timer: NOTIFY_MS });
        },
      },
    );
  };

  return (
    <form
      className={formStyles.form}
      noValidate
      onSubmit={onSubmit}
      aria-label={promotion ? `Editar ${promotion.codigo}` : 'Nueva promoción'}
    >
      <div className={styles.grid}>
        <TextField
          label="Código"
          name="codigo"
          autoComplete="off"
          defaultValue={promotion?.codigo}
          hint="Lo que escribe el cliente; en una promoción automática, su nombre en los pedidos."
          error={errors.codigo}
        />
        <SelectField
          label="Tipo"
          name="tipo"
          defaultValue={promotion?.tipo ?? 'porcentaje'}
          error={errors.tipo}
        >
          {PROMOTION_TYPES.map((tipo) => (
            <option key={tipo} value={tipo}>
              {PROMOTION_TYPE_LABELS[tipo]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Valor"
          name="valor"
          inputMode={inputMode}
          defaultValue={promotion && promotion.tipo !== 'envio_gratis' ? String(promotion.valor) : ''}
          hint={`Porcentaje: de 1 a 100. Monto fijo: en ${currency}. Envío gratis: vacío.`}
          error={errors.valor}
        />
        <TextField
          label={`Compra mínima (${currency})`}
          name="minimo"
          inputMode={inputMode}
          defaultValue={promotion?.minimo == null ? '' : String(promotion.minimo)}
          hint="Vacío: sin mínimo."
          error={errors.minimo}
        />
        <TextField
          label="Desde"
          name="desde"
          type="date"
          defaultValue={promotion?.desde ?? ''}
          error={errors.desde}
        />
        <TextField
          label="Hasta"
          name="hasta"
          type="date"
          defaultValue={promotion?.hasta ?? ''}
          hint="Incluido. Vacío: sin fecha de fin."
          error={errors.hasta}
        />
        <TextField
          label="Usos totales"
          name="usos_max"
          inputMode="numeric"
          defaultValue={promotion?.usos_max == null ? '' : String(promotion.usos_max)}
          hint="Vacío: sin límite."
          error={errors.usos_max}
        />
        <TextField
          label="Usos por cliente"
          name="usos_por_cliente"
          inputMode="numeric"
          defaultValue={promotion?.usos_por_cliente == null ? '' : String(promotion.usos_por_cliente)}
          hint="Los invitados se cuentan por su correo. Vacío: sin límite."
          error={errors.usos_por_cliente}
        />
      </div>
      <fieldset className={styles.categories}>
        <legend>Categorías (ninguna marcada: todo el carrito)</legend>
        {categories.map((category) => (
          <label key={category.id_categoria_producto} className={formStyles.checkbox}>
            <input
              type="checkbox"
              name="categorias"
              value={category.id_categoria_producto}
              defaultChecked={promotion?.categorias.includes(category.id_categoria_producto)}
            />
            {category.nombre_categoria_producto}
          </label>
        ))}
        {errors.categorias && <p className={formStyles.formError}>{errors.categorias}</p>}
      </fieldset>
      <TextField
        label="Productos (números, separados por comas)"
        name="productos"
        defaultValue={promotion?.productos.join(', ') ?? ''}
        hint="Vacío: todos los productos de las categorías marcadas, o todo el carrito."
        error={errors.productos}
      />
      <label className={formStyles.checkbox}>
        <input type="checkbox" name="combinable" defaultChecked={promotion?.combinable ?? true} />
        Se aplica también a productos en oferta
      </label>
      <label className={formStyles.checkbox}>
        <input type="checkbox" name="automatica" defaultChecked={promotion?.automatica ?? false} />
        Automática: se aplica sola, sin escribir el código
      </label>
      <label className={formStyles.checkbox}>
        <input type="checkbox" name="activa" defaultChecked={promotion?.activa ?? true} />
        Activa
      </label>
      <div className={formStyles.actions}>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {promotion ? 'Guardar cambios' : 'Crear promoción'}
        </Button>
        {onDone && (
          <Button variant="ghost" onClick={onDone}>
            Cancelar
          </Button>
        )}
      </div>
    </form>
  );
}
