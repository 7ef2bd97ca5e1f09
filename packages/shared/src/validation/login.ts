import { z } from 'zod';
import { requiredText } from './rules';
import { normalizeEmail } from './text';

const REQUIRED = 'Field required';
export const LOGIN_EMAIL_MAX = 254;
export const LOGIN_PASSWORD_MAX = 200;

/**
 * Login (SPEC §5): both fields required, checked on submit only. The e-mail comes out normalized
 * (normalizeEmail), so the account lookup and the sign-in counter see the address the same way; its
 * surrounding whitespace is dropped before the text rule, the rest of it is checked.
 */
export const loginSchema = z.object({
  email: z
    .string({ error: REQUIRED })
    .transform(normalizeEmail)
    .pipe(requiredText(REQUIRED).max(LOGIN_EMAIL_MAX, { error: `Máximo ${LOGIN_EMAIL_MAX} caracteres` })),
  password: requiredText(REQUIRED).max(LOGIN_PASSWORD_MAX, {
    error: `Máximo ${LOGIN_PASSWORD_MAX} caracteres`,
  }),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** SPEC §8: what a wrong e-mail or password reads, on the server's 401 and in the login form. */
export const WRONG_CREDENTIALS = 'Correo o contraseñas invalidos';
