import { z } from 'zod';
import { parseOrderNumber } from './orders';
import { emailField } from './validation/registro';

/*
 * 'Consultar pedido' (docs/decisions/078-order-lookup.md): an order found by its number and the buyer's
 * e-mail, without signing in. Any mismatch is the same 404, so the answer never says which part was wrong.
 */

export const ORDER_LOOKUP_MESSAGES = {
  notFound: 'No encontramos un pedido con ese número y ese correo. Revisa los dos e inténtalo de nuevo.',
  tooMany: 'Demasiadas consultas. Espera una hora e inténtalo de nuevo.',
} as const;

/** POST /api/pedidos/consulta. */
export const orderLookupSchema = z.object({
  numero_pedido: z
    .string({ error: 'Escribe el número de pedido' })
    .max(20, { error: 'El número de pedido tiene la forma V-000123' })
    .refine((text) => parseOrderNumber(text) !== null, {
      error: 'El número de pedido tiene la forma V-000123',
    })
    .transform((text) => parseOrderNumber(text) as number),
  email: emailField,
});
export type OrderLookupInput = z.infer<typeof orderLookupSchema>;
