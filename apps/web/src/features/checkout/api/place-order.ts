import {
  type Cents,
  type CheckoutRequest,
  type DireccionEnvio,
  type Guest,
  type OrderSummary,
  type PaymentReceived,
  type ShippingMethod,
  toSaleLine,
} from '@vitrina/shared';
import { api } from '../../../lib/api-client';

/** A sale whose payment needs the shopper's extra confirmation (3-D Secure). */
export type SaleAwaitingAction = OrderSummary & { requiere_accion: { client_secret: string } };

/**
 * 201 (pagada), or 202: pendiente with the step to confirm, or pendiente with the card charged and the
 * order still being recorded by the server (nothing for the shopper to do).
 */
export type CheckoutReply = OrderSummary | SaleAwaitingAction | PaymentReceived;

export const needsAction = (reply: CheckoutReply): reply is SaleAwaitingAction => 'requiere_accion' in reply;
export const paymentReceived = (reply: CheckoutReply): reply is PaymentReceived => 'pago_recibido' in reply;

export interface OrderLine {
  id_producto: number;
  /** The line's variant; none for a product without options. */
  id_variante?: number | undefined;
  cantidad: number;
}

export interface PlaceOrderInput {
  lines: readonly OrderLine[];
  id_pago: string;
  /** The total the shopper saw, in cents (SPEC: total × 100); the server refuses it when prices changed. */
  totalCents: Cents;
  /** The shipping included in the total, in cents. */
  shippingCents: Cents;
  /** Delivered to the address, or picked up at the store. */
  metodo_envio: ShippingMethod;
  /** Who receives the order, where: stored with the sale (none for pickup). */
  direccion_envio?: DireccionEnvio | undefined;
  /** The discount code applied in the cart's quote. */
  cupon?: string;
  /** Also keep that address and phone in the profile. */
  guardar_direccion?: boolean;
  /** A visitor buying without an account: their e-mail and name (decision 085). */
  invitado?: Guest | undefined;
}

/**
 * POST /api/venta. `idempotencyKey` is one per payment attempt and is sent again when retrying the same
 * attempt (after a network error), so the shopper is never charged twice. Errors: 402 declined, 409 prices,
 * shipping or stock changed, 401/403 not a customer, 502 payment provider unreachable (the sale stays pending).
 */
export function placeOrder(input: PlaceOrderInput, idempotencyKey: string): Promise<CheckoutReply> {
  const body: CheckoutRequest = {
    detalle_venta: input.lines.map(toSaleLine),
    id_pago: input.id_pago,
    valor_total_venta: input.totalCents,
    costo_envio: input.shippingCents,
    metodo_envio: input.metodo_envio,
    ...(input.direccion_envio && { direccion_envio: input.direccion_envio }),
    ...(input.cupon && { cupon: input.cupon }),
    ...(input.guardar_direccion && { guardar_direccion: true }),
    ...(input.invitado && { invitado: input.invitado }),
  };
  return api<CheckoutReply>('/venta', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
