import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import fieldStyles from '../../../components/text-field.module.css';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  /** The field's error, linked with aria-describedby and marked with aria-invalid. */
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled <select> with its hint and error, styled like TextField; works with react-hook-form. */
export function SelectField({ label, error, hint, children, className, ref, ...select }: SelectFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`${fieldStyles.field} ${className ?? ''}`}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={fieldStyles.hint}>
          {hint}
        </p>
      )}
      <div className={`${fieldStyles.frame} ${error ? fieldStyles.invalid : ''}`}>
        <select
          ref={ref}
          id={id}
          className={fieldStyles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...select}
        >
          {children}
        </select>
      </div>
      {error && (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
