import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from '../../../components/button';
import formStyles from '../../../components/form.module.css';
import styles from './card-form.module.css';

/**
 * The end of every checkout form: the last error above the submit button (focused), a progress line
 * while it works, and why the button is off below it, linked to it.
 */
export function PlaceButton({
  label,
  busyText,
  disabled,
  disabledReason,
  reasonTone = 'fix',
  busy,
  error,
}: {
  label: string;
  busyText: string;
  disabled?: boolean | undefined;
  disabledReason?: ReactNode;
  /** 'wait' for a reason that goes away by itself (a loading provider), not something to fix. */
  reasonTone?: 'fix' | 'wait';
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
        <p id={reasonId} className={reasonTone === 'wait' ? styles.progress : styles.reason}>
          {disabledReason}
        </p>
      )}
    </>
  );
}
