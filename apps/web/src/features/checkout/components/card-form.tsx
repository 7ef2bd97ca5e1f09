import { zodResolver } from '@hookform/resolvers/zod';
import { type CardInput, type Cents, cardBrand, cardBrandLabel, cardSchema } from '@vitrina/shared';
import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import formStyles from '../../../components/form.module.css';
import { TextField } from '../../../components/text-field';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import styles from './card-form.module.css';
import { PayControls } from './pay-controls';

const FIELDS = ['numero', 'expiracion', 'cvc', 'nombre'] as const;

/** '1228' → '12/28' while typing: the slash comes by itself. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export interface CardFormProps {
  totalCents: Cents;
  /** The order cannot be paid now (a line to fix, prices being checked). */
  disabled?: boolean;
  /** Why it cannot: shown under the button and linked to it. */
  disabledReason?: ReactNode;
  paying: boolean;
  /** The last payment problem (declined, prices changed…), shown above the button and focused. */
  error: string | null;
  /** Pays with the card; resolves with the fields the provider refused, if any. */
  onPay: (card: CardInput) => Promise<Record<string, string> | undefined>;
  /** Extra text under the fields (the sandbox's test cards). */
  hint?: ReactNode;
}

/**
 * The sandbox's card fields (checked with the shared `cardSchema`: Luhn, expiry, CVC, name) and the button
 * 'Pagar {total} USD'. Errors show after leaving a field or on submit, and focus goes to the first one.
 */
export function CardForm({
  totalCents,
  disabled,
  disabledReason,
  paying,
  error,
  onPay,
  hint,
}: CardFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<CardInput>({
    resolver: zodResolver(cardSchema),
    mode: 'onTouched',
    defaultValues: { numero: '', expiracion: '', cvc: '', nombre: '' },
  });
  const numero = useWatch({ control, name: 'numero' });
  const brand = numero.replace(/\D/g, '').length >= 2 ? cardBrand(numero) : null;

  // Registered in the form's order: the first invalid field is the one focused.
  const numberField = register('numero');
  const expiry = register('expiracion');
  const onValid = async (card: CardInput) => {
    const refused = await onPay(card);
    if (!refused) return;
    showServerFieldErrors(refused, FIELDS, setError);
  };

  return (
    <form
      className={formStyles.form}
      noValidate
      aria-label="Pago con tarjeta"
      onSubmit={handleSubmit(onValid)}
    >
      <TextField
        label="Número de tarjeta"
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
        placeholder="1234 1234 1234 1234"
        hint={brand && brand !== 'desconocida' ? `Tarjeta ${cardBrandLabel(brand)}` : undefined}
        error={errors.numero?.message}
        {...numberField}
      />
      <div className={styles.row}>
        <TextField
          label="Vencimiento"
          hint="MM/AA"
          inputMode="numeric"
          autoComplete="cc-exp"
          maxLength={5}
          placeholder="MM/AA"
          error={errors.expiracion?.message}
          {...expiry}
          onChange={(event) => {
            event.target.value = formatExpiry(event.target.value);
            return expiry.onChange(event);
          }}
        />
        <TextField
          label="CVC"
          hint="3 o 4 dígitos"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          placeholder="123"
          error={errors.cvc?.message}
          {...register('cvc')}
        />
      </div>
      <TextField
        label="Nombre en la tarjeta"
        autoComplete="cc-name"
        maxLength={80}
        error={errors.nombre?.message}
        {...register('nombre')}
      />
      {hint}
      <PayControls
        totalCents={totalCents}
        disabled={disabled}
        disabledReason={disabledReason}
        paying={paying}
        error={error}
      />
    </form>
  );
}
