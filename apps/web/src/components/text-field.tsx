import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { CheckIcon } from './icons';
import styles from './text-field.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The field's error, linked to the input with aria-describedby and marked with aria-invalid. */
  error?: string;
  /** Shows a check mark (read out as 'Válido') when the value was checked and is fine. */
  valid?: boolean;
  hint?: ReactNode;
  /** A control inside the input's frame, after the text (e.g. a show-password button). */
  end?: ReactNode;
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint, its error message or a check mark; works with react-hook-form's register. */
export function TextField({ label, error, valid, hint, end, id, className, ref, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const statusId = `${inputId}-status`;
  const describedBy = [hint ? hintId : '', error || valid ? statusId : ''].filter(Boolean).join(' ');
  const showValid = valid && !error;

  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div className={`${styles.frame} ${error ? styles.invalid : ''} ${showValid ? styles.valid : ''}`}>
        <input
          ref={ref}
          id={inputId}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...input}
        />
        {showValid && (
          <span id={statusId} className={styles.check}>
            <CheckIcon width={20} height={20} />
            <span className="visually-hidden">Válido</span>
          </span>
        )}
        {end}
      </div>
      {error && (
        <p id={statusId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
