import { type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react';
import fieldStyles from '../../../components/text-field.module.css';
import styles from './text-area-field.module.css';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  /** The field's error, linked with aria-describedby and marked with aria-invalid. */
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled <textarea> with its hint and error, styled like TextField; works with react-hook-form. */
export function TextAreaField({ label, error, hint, className, ref, ...textarea }: TextAreaFieldProps) {
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
        <textarea
          ref={ref}
          id={id}
          rows={5}
          className={`${fieldStyles.input} ${styles.textarea}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...textarea}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
