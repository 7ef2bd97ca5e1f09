import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Field } from './field';

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
  return (
    <Field label={label} error={error} valid={valid} hint={hint} end={end} id={id} className={className}>
      {(control) => <input ref={ref} {...control} {...input} />}
    </Field>
  );
}
