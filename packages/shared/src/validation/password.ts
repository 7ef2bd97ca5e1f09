import { z } from 'zod';
import { emailField, PASSWORD_MAX, PASSWORD_MIN } from './registro';
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

/** POST /api/usuario/recuperar: the e-mail to send a password-reset link to (the answer never says if it has an account). */
export const passwordRecoverySchema = z.object({ email: emailField });
export type PasswordRecoveryInput = z.infer<typeof passwordRecoverySchema>;

/** POST /api/usuario/restablecer: the link's token and the new password, with the same rules as a change. */
export const passwordResetSchema = z
  .object({
    token: requiredText('El enlace no es válido. Pide uno nuevo.').max(200, {
      error: 'El enlace no es válido. Pide uno nuevo.',
    }),
    password: nuevo,
    passwordconfirm: requiredText('Debes confirmar la contraseña'),
  })
  .refine(samePasswords, passwordsMatch);
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

/** How long a password-reset link works. */
export const PASSWORD_RESET_MINUTES = 60;

export const PASSWORD_RESET_MESSAGES = {
  sent: 'Si hay una cuenta con ese correo, te enviamos un enlace para elegir una contraseña nueva. Revisa tu correo (también la carpeta de spam); el enlace vale por una hora.',
  invalidLink: 'El enlace para restablecer la contraseña venció o ya se usó. Pide uno nuevo.',
  tooMany: 'Pediste demasiados enlaces. Espera una hora e inténtalo de nuevo.',
} as const;
