import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { Field } from '../../../components/field';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  /** The field's error, linked with aria-describedby and marked with aria-invalid. */
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled <select> with its hint and error, in the frame of TextField; works with react-hook-form. */
export function SelectField({ label, error, hint, children, className, ref, ...select }: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <select ref={ref} {...control} {...select}>
          {children}
        </select>
      )}
    </Field>
  );
}
