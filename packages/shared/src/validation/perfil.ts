import { z } from 'zod';
import { recordId } from './record-id';
import { imagenUrl } from './registro';
import { addressField, DIGITS_ONLY, notBlank } from './rules';
import { singleLineText } from './text';

export const PROFILE_ADDRESS_MIN = 15;
export const PROFILE_ADDRESS_MAX = 100;
export const PROFILE_PHONE_MIN = 10;
export const PROFILE_PHONE_MAX = 25;

const direccion = addressField(singleLineText(), {
  min: PROFILE_ADDRESS_MIN,
  max: PROFILE_ADDRESS_MAX,
  blank: 'La dirección no puede ser un espacio en blanco',
  tooShort: `Minimo ${PROFILE_ADDRESS_MIN} caracteres`,
  tooLong: `Maximo ${PROFILE_ADDRESS_MAX} caracteres`,
  pattern: 'La dirección debe contener números y letras',
});

const telefono = singleLineText()
  .refine(notBlank, { error: 'El número de teléfono no puede ser un espacio en blanco' })
  .regex(DIGITS_ONLY, { error: 'Debe contener solo números' })
  .min(PROFILE_PHONE_MIN, { error: `Minimo ${PROFILE_PHONE_MIN} digitos` })
  .max(PROFILE_PHONE_MAX, {
    error: `El telefono no debería sumar más de ${PROFILE_PHONE_MAX} caracteres`,
  });

/** Treats an empty field as "not changing it": the profile form sends only what was filled. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const perfilFields = {
  direccion: optional(direccion),
  telefono: optional(telefono),
  imagen: optional(imagenUrl),
};
const somethingToChange = (v: { direccion?: string; telefono?: string; imagen?: string }) =>
  v.direccion !== undefined || v.telefono !== undefined || v.imagen !== undefined;
const NOTHING_TO_CHANGE = 'No hay cambios para guardar';

/** Profile update form (SPEC §5): any of address, phone and avatar, at least one. */
export const perfilSchema = z.object(perfilFields).refine(somethingToChange, { error: NOTHING_TO_CHANGE });

/**
 * PUT /api/usuario: the same fields, plus the optional id of SPEC §7. Anything else (email, admin,
 * estado, password) is refused by name, never silently applied.
 */
export const perfilUpdateSchema = z
  .strictObject(
    { id_usuario: recordId('El usuario no es válido').optional(), ...perfilFields },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Estos datos no se pueden cambiar aquí: ${issue.keys.join(', ')}`
          : undefined,
    },
  )
  .refine(somethingToChange, { error: NOTHING_TO_CHANGE });
export type PerfilInput = z.input<typeof perfilSchema>;

/** The first-time form of a Google account: both address and phone are required. */
export const perfilInicialSchema = z.object({
  direccion: z.string({ error: 'Campo Requerido' }).min(1, { error: 'Campo Requerido' }).pipe(direccion),
  telefono: z.string({ error: 'Campo Requerido' }).min(1, { error: 'Campo Requerido' }).pipe(telefono),
});
export type PerfilInicialInput = z.input<typeof perfilInicialSchema>;
