import { describe, expect, it } from 'vitest';
import { ORDER_REQUEST_MESSAGES, orderRequestInputSchema, orderRequestRefused } from './order-requests';
import { ORDER_STATES } from './orders';

const SHIPPED_BY_CARD = { method: 'tarjeta', pickup: false } as const;

describe('orderRequestRefused', () => {
  it('lets a customer ask to cancel only before shipping, and to return only once delivered', () => {
    const cancellable = ORDER_STATES.filter(
      (estado) => orderRequestRefused('cancelacion', estado, SHIPPED_BY_CARD) === null,
    );
    expect(cancellable).toEqual(['pendiente_pago', 'pagada', 'preparando']);
    const returnable = ORDER_STATES.filter(
      (estado) => orderRequestRefused('devolucion', estado, SHIPPED_BY_CARD) === null,
    );
    expect(returnable).toEqual(['entregada']);
    expect(orderRequestRefused('cancelacion', 'enviada', SHIPPED_BY_CARD)).toBe(
      ORDER_REQUEST_MESSAGES.cancelNotAllowed,
    );
    expect(orderRequestRefused('devolucion', 'pagada', SHIPPED_BY_CARD)).toBe(
      ORDER_REQUEST_MESSAGES.returnNotAllowed,
    );
  });

  it('needs a reason of at least 5 characters, trimmed', () => {
    const short = orderRequestInputSchema.safeParse({ tipo: 'cancelacion', motivo: '  no  ' });
    expect(short.error?.issues[0]?.message).toBe('Cuéntanos el motivo (al menos 5 caracteres)');
    expect(orderRequestInputSchema.parse({ tipo: 'devolucion', motivo: ' Llegó roto ' }).motivo).toBe(
      'Llegó roto',
    );
  });
});
