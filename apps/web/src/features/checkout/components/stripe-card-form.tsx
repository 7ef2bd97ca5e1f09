import { zodResolver } from '@hookform/resolvers/zod';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { type Cents, cardSchema } from '@vitrina/shared';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import formStyles from '../../../components/form.module.css';
import { TextField } from '../../../components/text-field';
import type { StripeCard } from '../api/stripe-payments';
import styles from './card-form.module.css';
import { PayControls } from './pay-controls';
import type { StripeCardFieldProps } from './stripe-card-field';

/*
 * @stripe/react-stripe-js only in stripe mode, in a chunk that imports nothing of ours but styles (so the
 * entry's chunks stay as they are). If it cannot be downloaded (offline), paying is unavailable.
 */
const StripeCardField = lazy<ComponentType<StripeCardFieldProps>>(() =>
  import('./stripe-card-field').catch(() => ({ default: FieldUnavailable })),
);

function FieldUnavailable({ onUnavailable }: StripeCardFieldProps) {
  useEffect(() => {
    onUnavailable();
  }, [onUnavailable]);
  return null;
}

const nameSchema = cardSchema.pick({ nombre: true });
type NameInput = { nombre: string };

const LOADING = 'Cargando el sistema de pago…';
const INCOMPLETE = 'Completa los datos de la tarjeta para pagar.';

export interface StripeCardFormProps {
  /** Stripe.js, once loaded (null meanwhile: SPEC §5, nothing is paid before). */
  stripe: Stripe | null;
  totalCents: Cents;
  /** The order cannot be paid now (a line to fix, prices being checked). */
  disabled?: boolean;
  disabledReason?: ReactNode;
  paying: boolean;
  error: string | null;
  /** Pays with the card in the element; resolves with the fields refused (`tarjeta`, `nombre`), if any. */
  onPay: (card: StripeCard) => Promise<Record<string, string> | undefined>;
  /** The card element is mounted: `stripe.createPaymentMethod` reads the card from it. */
  onCardReady: (element: StripeCardElement) => void;
  /** Stripe's card element could not load. */
  onUnavailable: () => void;
}

interface CardState {
  ready: boolean;
  complete: boolean;
  /** Stripe's own message (Spanish with locale 'es'), shown under the card field. */
  error: string | null;
}

/**
 * The Stripe variant of the card form: Stripe's card element plus 'Nombre en la tarjeta'. The button
 * stays off until Stripe.js is loaded and the element reports a complete card; a card Stripe refuses
 * is shown under the card field and nothing is submitted.
 */
export function StripeCardForm({
  stripe,
  totalCents,
  disabled,
  disabledReason,
  paying,
  error,
  onPay,
  onCardReady,
  onUnavailable,
}: StripeCardFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NameInput>({
    resolver: zodResolver(nameSchema),
    mode: 'onTouched',
    defaultValues: { nombre: '' },
  });
  const [card, setCard] = useState<CardState>({ ready: false, complete: false, error: null });
  const element = useRef<StripeCardElement | null>(null);
  const revision = useRef(0);

  const waiting = stripe === null || !card.ready;
  const canPay = stripe !== null && card.complete;
  const reason = disabled ? disabledReason : waiting ? LOADING : canPay ? undefined : INCOMPLETE;

  const onValid = async ({ nombre }: NameInput) => {
    if (!canPay) return;
    const refused = await onPay({ nombre, revision: revision.current });
    const cardError = refused?.tarjeta;
    if (cardError) {
      setCard((current) => ({ ...current, error: cardError }));
      element.current?.focus();
    }
    if (refused?.nombre) {
      setError('nombre', { type: 'server', message: refused.nombre }, { shouldFocus: !cardError });
    }
  };

  return (
    <form
      className={formStyles.form}
      noValidate
      aria-label="Pago con tarjeta"
      onSubmit={handleSubmit(onValid)}
    >
      {/* While the field's chunk downloads, its room is kept (the button says why it waits). */}
      <Suspense fallback={<div className={styles.cardPlaceholder} />}>
        <StripeCardField
          stripe={stripe}
          error={card.error}
          onReady={(ready) => {
            element.current = ready;
            onCardReady(ready);
            setCard((current) => ({ ...current, ready: true }));
          }}
          onChange={(event) => {
            revision.current += 1;
            setCard({ ready: true, complete: event.complete, error: event.error?.message ?? null });
          }}
          onUnavailable={onUnavailable}
        />
      </Suspense>
      <TextField
        label="Nombre en la tarjeta"
        autoComplete="cc-name"
        maxLength={80}
        error={errors.nombre?.message}
        {...register('nombre')}
      />
      <PayControls
        totalCents={totalCents}
        disabled={disabled || !canPay}
        disabledReason={reason}
        reasonTone={!disabled && waiting ? 'wait' : 'fix'}
        paying={paying}
        error={error}
      />
    </form>
  );
}
