import { describe, expect, it } from 'vitest';
import { planRefund, REFUND_MESSAGES, type RefundableOrder } from './refunds';

/** 2 × Gorra at $14.90 and 1 × Taza at $8.00, $9.90 shipping: $47.70 paid, nothing refunded. */
const ORDER: RefundableOrder = {
  lines: [
    { id_detalle_venta: 1, nombre: 'Gorra', unitCents: 1490, cantidad: 2, discountCents: 0, unitsLeft: 2 },
    { id_detalle_venta: 2, nombre: 'Taza', unitCents: 800, cantidad: 1, discountCents: 0, unitsLeft: 1 },
  ],
  shippingLeftCents: 990,
  moneyLeftCents: 4770,
};

/** The order after refunding what `refunded` lists and the money and shipping given. */
function after(
  order: RefundableOrder,
  refunded: Record<number, number>,
  cents: number,
  shippingCents: number,
): RefundableOrder {
  return {
    lines: order.lines.map((l) => ({ ...l, unitsLeft: l.unitsLeft - (refunded[l.id_detalle_venta] ?? 0) })),
    shippingLeftCents: order.shippingLeftCents - shippingCents,
    moneyLeftCents: order.moneyLeftCents - cents,
  };
}

describe('planRefund', () => {
  it('refunds a line at the price paid, without the shipping unless asked', () => {
    expect(planRefund(ORDER, { lineas: [{ id_detalle_venta: 1, cantidad: 1 }] })).toEqual({
      lineas: [{ id_detalle_venta: 1, cantidad: 1 }],
      cents: 1490,
      shippingCents: 0,
      completo: false,
    });
    expect(
      planRefund(ORDER, { lineas: [{ id_detalle_venta: 1, cantidad: 1 }], incluir_envio: true }),
    ).toMatchObject({ cents: 2480, shippingCents: 990, completo: false });
  });

  it('refunds everything left, shipping included, for the whole order, after partial refunds', () => {
    const rest = after(ORDER, { 1: 1 }, 1490, 0);
    expect(planRefund(rest, {})).toEqual({
      lineas: [
        { id_detalle_venta: 1, cantidad: 1 },
        { id_detalle_venta: 2, cantidad: 1 },
      ],
      cents: 3280,
      shippingCents: 990,
      completo: true,
    });
  });

  it('leaves the order open while its shipping is unrefunded, and refunds the shipping alone', () => {
    const everyUnit = planRefund(ORDER, {
      lineas: [
        { id_detalle_venta: 1, cantidad: 2 },
        { id_detalle_venta: 2, cantidad: 1 },
      ],
    });
    expect(everyUnit).toMatchObject({ cents: 3780, shippingCents: 0, completo: false });
    const shippingOnly = planRefund(after(ORDER, { 1: 2, 2: 1 }, 3780, 0), {
      lineas: [],
      incluir_envio: true,
    });
    expect(shippingOnly).toEqual({ lineas: [], cents: 990, shippingCents: 990, completo: true });
  });

  it('never refunds the shipping twice, nor more units or money than are left', () => {
    const shipped = after(ORDER, {}, 990, 990);
    expect(planRefund(shipped, { lineas: [], incluir_envio: true })).toEqual({
      refused: REFUND_MESSAGES.shippingRefunded,
    });
    expect(
      planRefund(shipped, { lineas: [{ id_detalle_venta: 2, cantidad: 1 }], incluir_envio: true }),
    ).toEqual({ refused: REFUND_MESSAGES.shippingRefunded });
    expect(planRefund(ORDER, { lineas: [{ id_detalle_venta: 1, cantidad: 3 }] })).toEqual({
      refused: REFUND_MESSAGES.tooMany('Gorra', 2),
    });
    expect(planRefund(ORDER, { lineas: [{ id_detalle_venta: 9, cantidad: 1 }] })).toEqual({
      refused: REFUND_MESSAGES.unknownLine,
    });
    expect(planRefund(after(ORDER, { 1: 2, 2: 1 }, 4770, 990), {})).toEqual({
      refused: REFUND_MESSAGES.nothingLeft,
    });
  });

  it('adds up to exactly what was paid, whatever the order of partial refunds', () => {
    const steps = [
      { lineas: [{ id_detalle_venta: 2, cantidad: 1 }] },
      { lineas: [{ id_detalle_venta: 1, cantidad: 1 }], incluir_envio: true },
      { lineas: [{ id_detalle_venta: 1, cantidad: 1 }] },
    ];
    let order = ORDER;
    let total = 0;
    const plans = steps.map((input) => {
      const plan = planRefund(order, input);
      if ('refused' in plan) throw new Error(plan.refused);
      total += plan.cents;
      const refunded = Object.fromEntries(plan.lineas.map((l) => [l.id_detalle_venta, l.cantidad]));
      order = after(order, refunded, plan.cents, plan.shippingCents);
      return plan;
    });
    expect(plans.map((p) => p.completo)).toEqual([false, false, true]);
    expect(total).toBe(4770);
  });
});

describe('refunds of an order with a promotion', () => {
  /** 3 × Gorra at $14.90 with $4.47 off the line (10 %), no shipping: $40.23 paid. */
  const line = {
    id_detalle_venta: 1,
    nombre: 'Gorra',
    unitCents: 1490,
    cantidad: 3,
    discountCents: 447,
    unitsLeft: 3,
  };
  const order: RefundableOrder = { lines: [line], shippingLeftCents: 0, moneyLeftCents: 4023 };

  it('gives back each unit’s paid share, never more than the line paid, to the cent', () => {
    const first = planRefund(order, { lineas: [{ id_detalle_venta: 1, cantidad: 1 }] });
    expect(first).toMatchObject({ cents: 1490 - 149, completo: false });
    const second = planRefund(after(order, { 1: 1 }, 1341, 0), {
      lineas: [{ id_detalle_venta: 1, cantidad: 1 }],
    });
    expect(second).toMatchObject({ cents: 1341 });
    const last = planRefund(after(order, { 1: 2 }, 2682, 0), {
      lineas: [{ id_detalle_venta: 1, cantidad: 1 }],
    });
    expect(last).toMatchObject({ cents: 4023 - 2682, completo: true });
  });

  it('keeps whole pesos in a currency without cents', () => {
    const pesos = { ...line, unitCents: 999000, discountCents: 449600, cantidad: 3 };
    const plan = planRefund(
      { lines: [pesos], shippingLeftCents: 0, moneyLeftCents: 999000 * 3 - 449600 },
      { lineas: [{ id_detalle_venta: 1, cantidad: 1 }] },
    );
    expect('cents' in plan && plan.cents % 100).toBe(0);
  });
});
