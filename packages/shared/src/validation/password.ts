import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './registro';
import { HAS_DIGIT, notBlank, passwordsMatch, requiredText, samePasswords } from './rules';

const nuevo = requiredText('Campo Requerido')
  .refine(notBlank, { error: 'No puede estar vacio' })
  .min(PASSWORD_MIN, { error: `Minimo ${PASSWORD_MIN} caracteres` })
  .max(PASSWORD_MAX, { error: `Maximo ${PASSWORD_MAX} caracteres` })
  .regex(HAS_DIGIT, { error: 'Inserta al menos un número' });

/** Password change (SPEC §5), with the current password required. */
export const passwordChangeSchema = z
  .object({
    password_actual: requiredText('Campo Requerido').max(200, { error: 'Máximo 200 caracteres' }),
    password: nuevo,
    passwordconfirm: requiredText('Debes confirmar la contraseña'),
  })
  .refine(samePasswords, passwordsMatch);
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
