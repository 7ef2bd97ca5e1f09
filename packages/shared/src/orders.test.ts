import { describe, expect, it } from 'vitest';
import {
  ajustesInputSchema,
  ajustesSchema,
  canMoveTo,
  formatOrderNumber,
  ORDER_TRANSITIONS,
  parseOrderNumber,
  shippingCents,
  stateAction,
  transitionRefused,
} from './orders';
import type { PaymentMethod } from './payment-methods';

const shipped = (method: PaymentMethod) => ({ method, pickup: false });
const pickedUp = (method: PaymentMethod) => ({ method, pickup: true });

describe('order numbers', () => {
  it('shows six digits after V-, and more when the shop grows', () => {
    expect(formatOrderNumber(1)).toBe('V-000001');
    expect(formatOrderNumber(123)).toBe('V-000123');
    expect(formatOrderNumber(1_234_567)).toBe('V-1234567');
  });

  it('reads a search as a number the way people type it', () => {
    for (const typed of ['V-000123', 'v-123', 'V123', '000123', '123', ' 123 '])
      expect(parseOrderNumber(typed)).toBe(123);
    for (const other of ['', 'V-', 'ana@example.com', '12a', '0', 'V-0'])
      expect(parseOrderNumber(other)).toBeNull();
  });
});

describe('shippingCents', () => {
  const settings = { envio_tarifa: 5.5, envio_gratis_desde: 50 };
  it('charges the rate below the threshold and nothing at or above it', () => {
    expect(shippingCents(4999, settings)).toBe(550);
    expect(shippingCents(5000, settings)).toBe(0);
    expect(shippingCents(5001, settings)).toBe(0);
  });

  it('is free with a rate of 0 (the default) and always charged without a threshold', () => {
    expect(shippingCents(100, { envio_tarifa: 0, envio_gratis_desde: null })).toBe(0);
    expect(shippingCents(1_000_000, { envio_tarifa: 5.5, envio_gratis_desde: null })).toBe(550);
  });
});

describe('ajustesSchema', () => {
  it('takes amounts with up to two decimals and refuses the rest in Spanish', () => {
    expect(ajustesSchema.safeParse({ envio_tarifa: 4.99, envio_gratis_desde: null }).success).toBe(true);
    const bad = ajustesSchema.safeParse({ envio_tarifa: 4.999, envio_gratis_desde: 0 });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'La tarifa de envío puede tener hasta dos decimales',
      'El mínimo para envío gratis debe ser mayor que 0 (o déjalo vacío)',
    ]);
  });

  it('takes whole units only from an owner whose currency has no cents', () => {
    expect(
      ajustesInputSchema('CLP').safeParse({ envio_tarifa: 3990, envio_gratis_desde: 50000 }).success,
    ).toBe(true);
    const bad = ajustesInputSchema('CLP').safeParse({ envio_tarifa: 3990.5, envio_gratis_desde: 49999.99 });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'La tarifa de envío en CLP no lleva decimales',
      'El mínimo para envío gratis en CLP no lleva decimales',
    ]);
    expect(
      ajustesInputSchema('EUR').safeParse({ envio_tarifa: 4.99, envio_gratis_desde: null }).success,
    ).toBe(true);
  });
});

describe('order transitions', () => {
  it('never leaves a cancelled, refunded or delivered order, nor reaches a payment state', () => {
    for (const from of ['cancelada', 'reembolsada', 'entregada', 'pendiente', 'fallida'] as const)
      expect(ORDER_TRANSITIONS[from]).toEqual([]);
    expect(canMoveTo('pagada', 'cancelada', shipped('tarjeta'))).toBe(true);
    expect(canMoveTo('preparando', 'cancelada', shipped('tarjeta'))).toBe(true);
    expect(canMoveTo('enviada', 'cancelada', shipped('tarjeta'))).toBe(false);
  });

  it('ships unpaid only an order paid on delivery, which is paid when delivered (decision 084)', () => {
    expect(canMoveTo('pendiente_pago', 'por_cobrar', shipped('contra_entrega'))).toBe(true);
    for (const method of ['transferencia', 'mercadopago'] as const)
      expect(canMoveTo('pendiente_pago', 'por_cobrar', shipped(method))).toBe(false);
    for (const to of ['preparando', 'enviada', 'entregada'] as const)
      expect(canMoveTo('pendiente_pago', to, shipped('contra_entrega'))).toBe(false);
    expect(canMoveTo('por_cobrar', 'entregada', shipped('contra_entrega'))).toBe(true);
    expect(canMoveTo('por_cobrar', 'cancelada', shipped('contra_entrega'))).toBe(true);
    expect(canMoveTo('por_cobrar', 'pagada', shipped('contra_entrega'))).toBe(false);
    expect(transitionRefused('pendiente_pago', 'por_cobrar', shipped('transferencia'))).toBe(
      'Solo un pedido con pago al recibir se envía sin pagar: marca este pedido como pagado antes de enviarlo.',
    );
    expect(transitionRefused('pendiente_pago', 'entregada', shipped('contra_entrega'))).toContain(
      '«Enviar y cobrar al entregar»',
    );
    expect(stateAction('por_cobrar', 'entregada').confirm).toContain('cobraste el total');
  });

  it('never ships an order picked up at the store: it waits at the store, paid there or before', () => {
    expect(canMoveTo('preparando', 'lista_retiro', pickedUp('tarjeta'))).toBe(true);
    expect(canMoveTo('preparando', 'enviada', pickedUp('tarjeta'))).toBe(false);
    expect(canMoveTo('lista_retiro', 'entregada', pickedUp('tarjeta'))).toBe(true);
    expect(canMoveTo('lista_retiro', 'cancelada', pickedUp('tarjeta'))).toBe(true);
    expect(canMoveTo('preparando', 'lista_retiro', shipped('tarjeta'))).toBe(false);
    expect(canMoveTo('pendiente_pago', 'pagada', pickedUp('contra_entrega'))).toBe(true);
    expect(canMoveTo('pendiente_pago', 'por_cobrar', pickedUp('contra_entrega'))).toBe(false);
    expect(transitionRefused('preparando', 'enviada', pickedUp('tarjeta'))).toBe(
      'Este pedido se retira en la tienda: no se envía. Márcalo como listo para retirar.',
    );
    expect(transitionRefused('pendiente_pago', 'por_cobrar', pickedUp('contra_entrega'))).toContain(
      'cuando el cliente pague al retirarlo',
    );
  });

  it('explains a refused move in Spanish, saying what to do', () => {
    expect(transitionRefused('pagada', 'entregada', shipped('tarjeta'))).toBe(
      'Un pedido «Pagado» no se puede marcar como «Entregado». Recarga la página para ver su estado actual.',
    );
    expect(transitionRefused('enviada', 'cancelada', shipped('tarjeta'))).toBe(
      'El pedido ya se envió y no se puede cancelar. Si el cliente lo devuelve, reembólsalo.',
    );
    expect(transitionRefused('preparando', 'preparando', shipped('tarjeta'))).toBe(
      'El pedido ya está «En preparación». Recarga la página.',
    );
    expect(transitionRefused('fallida', 'preparando', shipped('tarjeta'))).toContain('no se pagó');
  });
});
