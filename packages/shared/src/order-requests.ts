import { z } from 'zod';
import { canMoveTo, type OrderRoute, type OrderState } from './orders';
import { multiLineText } from './validation/text';

/*
 * A customer's request about their order: to cancel one not shipped yet, or to return one delivered, with
 * a reason. The owner (or staff with the orders area) accepts or refuses it; one request waits per order.
 */

export const ORDER_REQUEST_TYPES = ['cancelacion', 'devolucion'] as const;
export type OrderRequestType = (typeof ORDER_REQUEST_TYPES)[number];
export const ORDER_REQUEST_STATES = ['pendiente', 'aceptada', 'rechazada'] as const;
export type OrderRequestState = (typeof ORDER_REQUEST_STATES)[number];

export const ORDER_REQUEST_LABELS: Record<OrderRequestType, string> = {
  cancelacion: 'Cancelación',
  devolucion: 'Devolución',
};
export const ORDER_REQUEST_STATE_LABELS: Record<OrderRequestState, string> = {
  pendiente: 'Pendiente',
  aceptada: 'Aceptada',
  rechazada: 'Rechazada',
};

export const ORDER_REQUEST_REASON_MIN = 5;
export const ORDER_REQUEST_REASON_MAX = 500;

export const ORDER_REQUEST_MESSAGES = {
  cancelNotAllowed: 'Este pedido ya no se puede cancelar: solo se cancela un pedido que aún no se envía.',
  returnNotAllowed: 'Solo se puede pedir la devolución de un pedido entregado.',
  alreadyPending: 'Este pedido ya tiene una solicitud pendiente.',
  alreadyDecided: 'Esta solicitud ya fue respondida.',
  notFound: 'La solicitud no existe.',
} as const;

/**
 * Why `tipo` may not be asked for an order in `estado` (paid and delivered as `route` says), or null when
 * it may. Cash on delivery on its way ('por_cobrar') is shipped: the owner may still cancel it when it
 * comes back, but the buyer can no longer ask to.
 */
export function orderRequestRefused(
  tipo: OrderRequestType,
  estado: OrderState,
  route: OrderRoute,
): string | null {
  if (tipo === 'cancelacion')
    return estado !== 'por_cobrar' && canMoveTo(estado, 'cancelada', route)
      ? null
      : ORDER_REQUEST_MESSAGES.cancelNotAllowed;
  return estado === 'entregada' ? null : ORDER_REQUEST_MESSAGES.returnNotAllowed;
}

export const orderRequestInputSchema = z.object({
  tipo: z.enum(ORDER_REQUEST_TYPES, { error: 'El tipo de solicitud debe ser cancelacion o devolucion' }),
  motivo: multiLineText({ error: 'El motivo debe ser texto' })
    .trim()
    .min(ORDER_REQUEST_REASON_MIN, {
      error: `Cuéntanos el motivo (al menos ${ORDER_REQUEST_REASON_MIN} caracteres)`,
    })
    .max(ORDER_REQUEST_REASON_MAX, {
      error: `El motivo admite como máximo ${ORDER_REQUEST_REASON_MAX} caracteres`,
    }),
});
export type OrderRequestInput = z.infer<typeof orderRequestInputSchema>;

export const orderRequestDecisionSchema = z.object({
  decision: z.enum(['aceptar', 'rechazar'], { error: 'La decisión debe ser aceptar o rechazar' }),
  respuesta: multiLineText({ error: 'La respuesta debe ser texto' })
    .trim()
    .max(ORDER_REQUEST_REASON_MAX, {
      error: `La respuesta admite como máximo ${ORDER_REQUEST_REASON_MAX} caracteres`,
    })
    .optional(),
});
export type OrderRequestDecision = z.infer<typeof orderRequestDecisionSchema>;

export const orderRequestSchema = z.object({
  id: z.number().int(),
  id_venta: z.number().int(),
  tipo: z.enum(ORDER_REQUEST_TYPES),
  motivo: z.string(),
  estado: z.enum(ORDER_REQUEST_STATES),
  creada: z.string(),
  decidida: z.string().nullable(),
  respuesta: z.string().nullable(),
});
export type OrderRequest = z.infer<typeof orderRequestSchema>;
