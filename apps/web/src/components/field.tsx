import { type ReactNode, useId } from 'react';
import { CheckIcon } from './control-icons';
import styles from './field.module.css';

/** What ties a field's control to its label, hint and status, plus the frame's control style. */
export interface FieldControlProps {
  id: string;
  className: string | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The aria-describedby of a field's control: the ids of its hint and of its status, for those it has. */
export function fieldDescribedBy(id: string, { hint, status }: { hint: boolean; status: boolean }) {
  return [hint ? `${id}-hint` : '', status ? `${id}-status` : ''].filter(Boolean).join(' ') || undefined;
}

interface FieldShellProps {
  /** The control's id: the label points at it, and the hint's id is `{id}-hint`. */
  id: string;
  label: string;
  hint?: ReactNode;
  className?: string;
  /** The control and its status, under the label and the hint. */
  children: ReactNode;
}

/** A field's column: its label, its hint, then the control and its status. */
export function FieldShell({ id, label, hint, className, children }: FieldShellProps) {
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {children}
    </div>
  );
}

export interface FieldProps {
  label: string;
  /** The field's error, linked to the control with aria-describedby and marked with aria-invalid. */
  error?: string;
  /** Shows a check mark (read out as 'Válido') when the value was checked and is fine. */
  valid?: boolean;
  hint?: ReactNode;
  /** A control inside the frame, after the field's own (e.g. a show-password button). */
  end?: ReactNode;
  /** The control's id; generated when not given. */
  id?: string;
  className?: string;
  /** Renders the control (an input, a select, a textarea) with the props it needs. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * The frame of the app's form fields: label, hint, the control in a bordered frame, then its error or a
 * check mark, all linked to the control with aria-describedby.
 */
export function Field({ label, error, valid, hint, end, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const statusId = `${controlId}-status`;
  const showValid = valid && !error;
  const control: FieldControlProps = {
    id: controlId,
    className: styles.input,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': fieldDescribedBy(controlId, { hint: Boolean(hint), status: Boolean(error || valid) }),
  };

  return (
    <FieldShell id={controlId} label={label} hint={hint} className={className}>
      <div className={`${styles.frame} ${error ? styles.invalid : ''} ${showValid ? styles.valid : ''}`}>
        {children(control)}
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
    </FieldShell>
  );
}
