import { type LaterPaymentMethod, type PendingPayment, toSaleLine } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import type { PlaceOrderInput } from './place-order';

/**
 * POST /api/venta for a method paid later (transfer, cash on delivery, Mercado Pago): the order is placed
 * 'pendiente_pago' with its stock reserved until `vence`; the answer says how to pay, and for Mercado Pago
 * where to go. The same `idempotencyKey` for a retry returns the same order.
 */
export function placePendingOrder(
  input: Omit<PlaceOrderInput, 'id_pago'> & { metodo_pago: LaterPaymentMethod },
  idempotencyKey: string,
): Promise<PendingPayment> {
  return api<PendingPayment>('/venta', {
    method: 'POST',
    body: {
      detalle_venta: input.lines.map(toSaleLine),
      metodo_pago: input.metodo_pago,
      valor_total_venta: input.totalCents,
      costo_envio: input.shippingCents,
      metodo_envio: input.metodo_envio,
      ...(input.direccion_envio && { direccion_envio: input.direccion_envio }),
      ...(input.cupon && { cupon: input.cupon }),
      ...(input.guardar_direccion && { guardar_direccion: true }),
      ...(input.invitado && { invitado: input.invitado }),
    },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
