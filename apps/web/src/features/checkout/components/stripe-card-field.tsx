import { CardElement, Elements } from '@stripe/react-stripe-js';
import type {
  Stripe,
  StripeCardElement,
  StripeCardElementChangeEvent,
  StripeCardElementOptions,
  StripeElementsOptions,
} from '@stripe/stripe-js';
import { useId } from 'react';
import fieldStyles from '../../../components/field.module.css';
import styles from './stripe-card-form.module.css';

/** Stripe's texts (card errors, placeholders) in Spanish. Constant: Elements cannot change it later. */
const ELEMENTS_OPTIONS: StripeElementsOptions = { locale: 'es' };

/** Inside Stripe's iframe our CSS does not apply: the theme's text, muted and danger colours. */
const CARD_OPTIONS: StripeCardElementOptions = {
  hidePostalCode: true,
  style: {
    base: {
      color: '#1c1917',
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      fontSize: '16px',
      '::placeholder': { color: '#57534e' },
    },
    invalid: { color: '#b91c1c', iconColor: '#b91c1c' },
  },
};

export interface StripeCardFieldProps {
  /** Stripe.js, once loaded (null meanwhile). */
  stripe: Stripe | null;
  /** The card's error (Stripe's own message), shown under the field. */
  error: string | null;
  onReady: (element: StripeCardElement) => void;
  onChange: (event: StripeCardElementChangeEvent) => void;
  /** The card element could not load. */
  onUnavailable: () => void;
}

/**
 * Stripe's CardElement (number, expiry and CVC in Stripe's iframe, never in our code) laid out like our
 * text fields. The only module that imports @stripe/react-stripe-js: a lazy chunk of its own, fetched
 * only in stripe mode, that imports nothing else of ours but styles.
 */
export default function StripeCardField({
  stripe,
  error,
  onReady,
  onChange,
  onUnavailable,
}: StripeCardFieldProps) {
  const errorId = useId();
  return (
    <Elements stripe={stripe} options={ELEMENTS_OPTIONS}>
      {/* Stripe labels its own inputs inside the iframe; the legend names the group around them. */}
      <fieldset className={styles.group} aria-describedby={error ? errorId : undefined}>
        <legend className={`${fieldStyles.label} ${styles.legend}`}>Tarjeta</legend>
        <div className={`${fieldStyles.frame} ${error ? fieldStyles.invalid : ''}`}>
          <CardElement
            className={styles.card}
            options={CARD_OPTIONS}
            onReady={onReady}
            onChange={onChange}
            onLoadError={onUnavailable}
          />
        </div>
        {error && (
          <p id={errorId} className={fieldStyles.error} role="alert">
            {error}
          </p>
        )}
      </fieldset>
    </Elements>
  );
}
