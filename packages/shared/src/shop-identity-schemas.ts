import { z } from 'zod';
import { brandColorProblems, DEFAULT_BRAND_COLORS, HEX_COLOR } from './brand-colors';
import {
  SHOP_ADDRESS_MAX,
  SHOP_NAME_MAX,
  SOCIAL_NETWORKS,
  SOCIAL_URL_MAX,
  type SocialNetwork,
  WHATSAPP_MAX_DIGITS,
  WHATSAPP_MIN_DIGITS,
} from './shop-identity';
import { imagenUrl } from './validation/registro';
import { multiLineText, normalizeEmail, singleLineText } from './validation/text';

/* The shop's identity as PUT /api/ajustes/tienda takes it and GET answers it (the rules are in shop-identity.ts). */

const trimmed = (max: number, tooLong: string) =>
  singleLineText()
    .transform((v) => v.trim())
    .pipe(z.string().max(max, { error: tooLong }));

const nombre = singleLineText({ error: 'Escribe el nombre de la tienda' })
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(1, { error: 'Escribe el nombre de la tienda' })
      .max(SHOP_NAME_MAX, { error: `El nombre de la tienda tiene como máximo ${SHOP_NAME_MAX} caracteres` }),
  );

/** An image the shop stored through POST /api/uploads, or none ('' and null alike). */
const storedImage = z
  .union([z.literal(''), z.null(), imagenUrl], { error: 'La imagen no es válida' })
  .transform((v) => (v === '' ? null : v));

const color = (what: string) =>
  z
    .string({ error: `Elige el color ${what}` })
    .regex(HEX_COLOR, { error: `El color ${what} debe escribirse como #rrggbb` })
    .transform((v) => v.toLowerCase());

const contactEmail = singleLineText()
  .transform((v) => normalizeEmail(v))
  .pipe(
    z.union(
      [
        z.literal(''),
        z
          .email({ error: 'El correo de contacto no es un correo válido' })
          .max(254, { error: 'El correo de contacto no es un correo válido' }),
      ],
      { error: 'El correo de contacto no es un correo válido' },
    ),
  );

const CONTACT_PHONE = /^\+?[0-9][0-9 ()-]{5,23}$/;
const contactPhone = trimmed(25, 'El teléfono tiene como máximo 25 caracteres').refine(
  (v) => v === '' || CONTACT_PHONE.test(v),
  { error: 'El teléfono solo lleva números, espacios, guiones y un + al comienzo' },
);

const socialUrl = (name: string) =>
  trimmed(SOCIAL_URL_MAX, `El enlace de ${name} tiene como máximo ${SOCIAL_URL_MAX} caracteres`).refine(
    (v) => v === '' || isHttpsUrl(v),
    { error: `El enlace de ${name} debe ser una dirección que empiece con https://` },
  );

/** An https address with a host ('https://instagram.com/mitienda'); no spaces, no other scheme. */
const isHttpsUrl = (text: string) => /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?#]\S*)?$/i.test(text);

/** A WhatsApp number as people write it ('+54 9 11 2345-6789'), kept as its digits ('5491123456789'). */
const whatsapp = trimmed(30, 'El número de WhatsApp es demasiado largo')
  .refine((v) => v === '' || /^\+?[0-9 ()-]+$/.test(v), {
    error: 'El número de WhatsApp solo lleva números, espacios, guiones y un + al comienzo',
  })
  .transform((v) => v.replace(/\D/g, ''))
  .refine((v) => v === '' || (v.length >= WHATSAPP_MIN_DIGITS && v.length <= WHATSAPP_MAX_DIGITS), {
    error: `El número de WhatsApp lleva el código del país y tiene de ${WHATSAPP_MIN_DIGITS} a ${WHATSAPP_MAX_DIGITS} dígitos`,
  });

const redes = z.object(
  Object.fromEntries(
    Object.entries(SOCIAL_NETWORKS).map(([key, name]) => [key, socialUrl(name).default('')]),
  ) as Record<SocialNetwork, z.ZodDefault<ReturnType<typeof socialUrl>>>,
);

/** PUT /api/ajustes/tienda. The colours must pass WCAG AA (brand-colors.ts); the message says why not. */
export const tiendaInputSchema = z
  .object({
    nombre,
    logo: storedImage.default(null),
    favicon: storedImage.default(null),
    colores: z.object({ primario: color('primario'), acento: color('de acento') }),
    contacto: z
      .object({
        email: contactEmail.default(''),
        telefono: contactPhone.default(''),
        direccion: multiLineText()
          .transform((v) => v.trim())
          .pipe(
            z.string().max(SHOP_ADDRESS_MAX, {
              error: `La dirección tiene como máximo ${SHOP_ADDRESS_MAX} caracteres`,
            }),
          )
          .default(''),
      })
      .default({ email: '', telefono: '', direccion: '' }),
    redes: redes.default({ instagram: '', facebook: '', tiktok: '', x: '', youtube: '' }),
    whatsapp: whatsapp.default(''),
  })
  .superRefine((value, ctx) => {
    const problems = brandColorProblems(value.colores);
    for (const [field, message] of Object.entries(problems)) {
      ctx.addIssue({ code: 'custom', path: ['colores', field], message });
    }
  });
export type TiendaInput = z.input<typeof tiendaInputSchema>;

/** GET /api/ajustes/tienda: what is saved, or SHOP_NAME and the theme's colours until the owner saves. */
export const tiendaSchema = z.object({
  nombre: z.string(),
  logo: z.string().nullable(),
  favicon: z.string().nullable(),
  colores: z.object({ primario: z.string(), acento: z.string() }),
  contacto: z.object({ email: z.string(), telefono: z.string(), direccion: z.string() }),
  redes: z.object(
    Object.fromEntries(Object.keys(SOCIAL_NETWORKS).map((key) => [key, z.string()])) as Record<
      SocialNetwork,
      z.ZodString
    >,
  ),
  /** Digits only, country code first; '' when the shop has none. */
  whatsapp: z.string(),
});
export type Tienda = z.infer<typeof tiendaSchema>;

/** The identity of a shop whose owner has saved none: its SHOP_NAME, the theme's look, no contact. */
export const defaultTienda = (shopName: string): Tienda => ({
  nombre: shopName,
  logo: null,
  favicon: null,
  colores: { ...DEFAULT_BRAND_COLORS },
  contacto: { email: '', telefono: '', direccion: '' },
  redes: { instagram: '', facebook: '', tiktok: '', x: '', youtube: '' },
  whatsapp: '',
});
