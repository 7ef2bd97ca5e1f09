import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { Field } from '../../../components/field';
import styles from './text-area-field.module.css';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  /** The field's error, linked with aria-describedby and marked with aria-invalid. */
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled <textarea> with its hint and error, in the frame of TextField; works with react-hook-form. */
export function TextAreaField({ label, error, hint, className, ref, ...textarea }: TextAreaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <textarea
          ref={ref}
          {...control}
          rows={5}
          className={`${control.className} ${styles.textarea}`}
          {...textarea}
        />
      )}
    </Field>
  );
}
