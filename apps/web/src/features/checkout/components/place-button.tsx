import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from '../../../components/button';
import formStyles from '../../../components/form.module.css';
import styles from './card-form.module.css';

/** The submit button of an order paid later, with its error above and why it is off below (as PayControls). */
export function PlaceButton({
  label,
  busyText,
  disabled,
  disabledReason,
  busy,
  error,
}: {
  label: string;
  busyText: string;
  disabled?: boolean | undefined;
  disabledReason?: ReactNode;
  busy: boolean;
  error: string | null;
}) {
  const errorRef = useRef<HTMLParagraphElement>(null);
  const reasonId = useId();
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
        disabled={disabled || busy}
        aria-busy={busy || undefined}
        aria-describedby={disabled && disabledReason ? reasonId : undefined}
      >
        {busy && <span className={styles.spinner} aria-hidden="true" />}
        {label}
      </Button>
      {busy && (
        <p className={styles.progress} role="status">
          {busyText}
        </p>
      )}
      {disabled && disabledReason && !busy && (
        <p id={reasonId} className={styles.reason}>
          {disabledReason}
        </p>
      )}
    </>
  );
}
