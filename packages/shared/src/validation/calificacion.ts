import { z } from 'zod';
import { recordId } from './record-id';
import { multiLineText } from './text';

export const RATING_COMMENT_MAX = 49;

/** Rating of a bought line (SPEC §5): 1–5 stars required; the comment errs at 50 characters or more. */
export const calificacionSchema = z.object({
  valor_calificacion: z
    .number({ error: 'Calificacion obligatoria' })
    .int({ error: 'Calificacion obligatoria' })
    .min(1, { error: 'Calificacion obligatoria' })
    .max(5, { error: 'Calificacion obligatoria' }),
  descripcion_motivo: multiLineText()
    .trim()
    .max(RATING_COMMENT_MAX, { error: 'Maximo 50 caracteres' })
    .default(''),
  id_detalle_venta: recordId('La compra que quieres calificar no es válida'),
});
export type CalificacionInput = z.input<typeof calificacionSchema>;
