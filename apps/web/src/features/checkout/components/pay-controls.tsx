import type { Cents } from '@vitrina/shared';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from '../../../components/button';
import formStyles from '../../../components/form.module.css';
import { useShopCurrency } from '../../../lib/shop-money';
import { payLabel } from '../utils/pay-label';
import styles from './card-form.module.css';

export interface PayControlsProps {
  totalCents: Cents;
  /** Paying is not possible now (a line to fix, prices being checked, the card not filled in yet). */
  disabled?: boolean;
  /** Why it is not: shown under the button and linked to it. */
  disabledReason?: ReactNode;
  /** 'wait' for a reason that goes away by itself (a loading provider), not something to fix. */
  reasonTone?: 'fix' | 'wait';
  paying: boolean;
  /** The last payment problem (declined, prices changed…), shown above the button and focused. */
  error: string | null;
}

/**
 * The end of both card forms (sandbox and Stripe): the payment error, the submit button
 * 'Pagar {total} USD' (in the shop's currency), 'Procesando el pago…' while paying, and why the button is off.
 */
export function PayControls({
  totalCents,
  disabled,
  disabledReason,
  reasonTone = 'fix',
  paying,
  error,
}: PayControlsProps) {
  const errorRef = useRef<HTMLParagraphElement>(null);
  const reasonId = useId();
  const currency = useShopCurrency();

  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  return (
    <>
      {error && (
        <p ref={errorRef} tabIndex={-1} className={formStyles.formError} role="alert">
          {error}
        </p>
      )}
      <Button
        type="submit"
        size="lg"
        disabled={disabled || paying}
        aria-busy={paying || undefined}
        aria-describedby={disabled && disabledReason ? reasonId : undefined}
      >
        {paying && <span className={styles.spinner} aria-hidden="true" />}
        {payLabel(totalCents, currency)}
      </Button>
      {paying && (
        <p className={styles.progress} role="status">
          Procesando el pago…
        </p>
      )}
      {disabled && disabledReason && !paying && (
        <p id={reasonId} className={reasonTone === 'wait' ? styles.progress : styles.reason}>
          {disabledReason}
        </p>
      )}
    </>
  );
}
