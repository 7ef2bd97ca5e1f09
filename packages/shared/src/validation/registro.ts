import { z } from 'zod';
import {
  addressField,
  DIGITS_ONLY,
  HAS_DIGIT,
  LETTERS_AND_SPACES,
  notBlank,
  passwordsMatch,
  requiredText,
  samePasswords,
} from './rules';
import { normalizeEmail, singleLineText } from './text';

/** SPEC §5 and §9: registration limits. */
export const NAME_MAX = 50;
export const NAME_MIN = 3;
export const ADDRESS_MIN = 15;
export const ADDRESS_MAX = 100;
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 20;
export const EMAIL_MAX = 30;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
/** The password rule as a form states it beside the field. */
export const PASSWORD_HINT = `De ${PASSWORD_MIN} a ${PASSWORD_MAX} caracteres, con al menos un número`;

const REQUIRED = 'Campo Requerido';
const BLANK = 'No puede ser un espacio en blanco';

export const personName = requiredText(REQUIRED)
  .refine(notBlank, { error: BLANK })
  .max(NAME_MAX, { error: `Máximo ${NAME_MAX} caracteres` })
  .regex(LETTERS_AND_SPACES, { error: 'Los números ó símbolos son invalidos' })
  .refine((v) => v.trim().length >= NAME_MIN, { error: `Inserta minimo ${NAME_MIN} caracteres` });

export const registroDireccion = addressField(requiredText(REQUIRED), {
  min: ADDRESS_MIN,
  max: ADDRESS_MAX,
  blank: BLANK,
  tooShort: `Mínimo ${ADDRESS_MIN} caracteres`,
  tooLong: `Máximo ${ADDRESS_MAX} caracteres`,
  pattern: 'Números y letras',
});

const telefono = requiredText(REQUIRED)
  .refine(notBlank, { error: BLANK })
  .regex(DIGITS_ONLY, { error: 'Debe contener solo números' })
  .min(PHONE_MIN_DIGITS, { error: `Mínimo ${PHONE_MIN_DIGITS} digitos` })
  .max(PHONE_MAX_DIGITS, { error: `Máximo ${PHONE_MAX_DIGITS} digitos` });

/**
 * The e-mail of an account, normalized (normalizeEmail) once it is not empty nor blank: surrounding
 * whitespace is dropped, then the text rule, the length and the format apply to the address itself.
 */
export const emailField = z
  .string({ error: REQUIRED })
  .min(1, { error: REQUIRED })
  .refine(notBlank, { error: BLANK })
  .transform(normalizeEmail)
  .pipe(
    singleLineText()
      .max(EMAIL_MAX, { error: `Máximo ${EMAIL_MAX} caracteres` })
      .pipe(z.email({ error: 'Por favor ingresa un email válido' })),
  );

const password = requiredText(REQUIRED)
  .refine(notBlank, { error: BLANK })
  .min(PASSWORD_MIN, { error: `Inserta minimo ${PASSWORD_MIN} caracteres` })
  .max(PASSWORD_MAX, { error: `Inserta maximo ${PASSWORD_MAX} caracteres` })
  .regex(HAS_DIGIT, { error: 'Ingresa al menos un número' });

/** An image the shop stored (`/uploads/<folder>/<name>.webp`): nothing else, no path tricks. */
const IMAGE_PATH = /^\/uploads\/(avatars|productos|categorias)\/[\w-]+\.webp$/;
const INVALID_IMAGE = 'La imagen no es válida';

export const imagenUrl = singleLineText()
  .max(300, { error: INVALID_IMAGE })
  .regex(IMAGE_PATH, { error: INVALID_IMAGE });

/** The registration's image: optional, '' when none. */
export const imagenField = singleLineText()
  .max(300, { error: INVALID_IMAGE })
  .refine((v) => v === '' || IMAGE_PATH.test(v), { error: INVALID_IMAGE })
  .default('');

/**
 * Registration (SPEC §5). The form validates with it while typing; POST /api/usuario re-applies it.
 * Unknown keys (estado, admin, an id) are stripped: they can never be set from here.
 */
export const registroSchema = z
  .object({
    primer_nombre: personName,
    primer_apellido: personName,
    direccion: registroDireccion,
    telefono,
    email: emailField,
    password,
    passwordconfirm: requiredText('Por favor confirma tu contraseña').refine(notBlank, { error: BLANK }),
    imagen: imagenField,
  })
  .refine(samePasswords, passwordsMatch);
export type RegistroInput = z.input<typeof registroSchema>;
export type Registro = z.output<typeof registroSchema>;
