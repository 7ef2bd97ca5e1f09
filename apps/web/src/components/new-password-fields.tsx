import { PASSWORD_HINT } from '@vitrina/shared';
import type { ReactNode } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { TextField } from './text-field';

interface NewPassword extends FieldValues {
  password: string;
  passwordconfirm: string;
}

/**
 * 'Nueva contraseña' with the shared rules' hint and 'Confirmar contraseña', re-checked together, for a form
 * whose values hold `password` and `passwordconfirm` (a change with the current one, a reset by link).
 */
export function NewPasswordFields<T extends NewPassword>({
  idPrefix,
  register,
  errors,
  dirty,
  visible,
  toggle,
}: {
  idPrefix: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<NewPassword>;
  dirty: Partial<Record<keyof NewPassword, unknown>>;
  visible: boolean;
  /** The show/hide button, when no field above has one already. */
  toggle?: ReactNode;
}) {
  const type = visible ? 'text' : 'password';
  const valid = (name: 'password' | 'passwordconfirm') => Boolean(dirty[name]) && !errors[name];
  return (
    <>
      <TextField
        id={`${idPrefix}-nueva`}
        label="Nueva contraseña"
        type={type}
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        error={errors.password?.message}
        valid={valid('password')}
        end={toggle}
        {...register('password' as Path<T>, { deps: ['passwordconfirm' as Path<T>] })}
      />
      <TextField
        id={`${idPrefix}-confirmar`}
        label="Confirmar contraseña"
        type={type}
        autoComplete="new-password"
        error={errors.passwordconfirm?.message}
        valid={valid('passwordconfirm')}
        {...register('passwordconfirm' as Path<T>)}
      />
    </>
  );
}
