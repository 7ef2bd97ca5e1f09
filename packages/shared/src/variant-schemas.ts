import { z } from 'zod';
import { singleLineText } from './validation/text';
import {
  distinctTexts,
  OPTION_TEXT_MAX,
  OPTION_VALUES_MAX,
  OPTIONS_MAX,
  SKU_INVALID,
  SKU_MAX,
  SKU_PATTERN,
  type Variant,
} from './variants';

/* The schemas of options, SKUs and variants (the rules are in variants.ts). */

const optionText = (label: string) =>
  singleLineText({ error: `${label} es obligatorio` })
    .transform((v) => v.trim().replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(1, { error: `${label} es obligatorio` })
        .max(OPTION_TEXT_MAX, { error: `${label} admite hasta ${OPTION_TEXT_MAX} caracteres` }),
    );

export const optionSchema = z.object({
  nombre: optionText('El nombre de la opción'),
  valores: z
    .array(optionText('El valor'), { error: 'Indica los valores de la opción' })
    .min(1, { error: 'Indica al menos un valor de la opción' })
    .max(OPTION_VALUES_MAX, { error: `Una opción admite hasta ${OPTION_VALUES_MAX} valores` })
    .refine(distinctTexts, { error: 'Un valor se repite en la opción' }),
});

export const optionsSchema = z
  .array(optionSchema, { error: 'Las opciones deben ser una lista' })
  .max(OPTIONS_MAX, { error: `Un producto admite hasta ${OPTIONS_MAX} opciones` })
  .refine((options) => distinctTexts(options.map((o) => o.nombre)), {
    error: 'Dos opciones tienen el mismo nombre',
  });

export const skuSchema = singleLineText({ error: SKU_INVALID })
  .transform((v) => v.trim())
  .pipe(z.string().max(SKU_MAX, { error: SKU_INVALID }))
  .refine((v) => v === '' || SKU_PATTERN.test(v), { error: SKU_INVALID });

export const variantSchema = z.object({
  id_variante: z.number().int(),
  sku: z.string(),
  valores: z.array(z.string()),
  valor: z.number(),
  valor_descuento: z.number().nullable(),
  stock: z.number().int(),
  stock_minimo: z.number().int().nullable(),
  imagen: z.string(),
  estado: z.boolean(),
}) satisfies z.ZodType<Variant>;
