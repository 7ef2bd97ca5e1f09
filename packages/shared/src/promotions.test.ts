import { describe, expect, it } from 'vitest';
import { moneyFormatter } from './pricing';
import {
  PROMOTION_MESSAGES,
  type PricedLine,
  type PromotionRule,
  priceOrder,
  promotionInputSchema,
  spread,
} from './promotions';

const rule = (over: Partial<PromotionRule>): PromotionRule => ({
  id: 1,
  codigo: 'DIEZ',
  tipo: 'porcentaje',
  valor: 10,
  minimoCents: null,
  desde: null,
  hasta: null,
  usos_max: null,
  usos_por_cliente: null,
  categorias: [],
  productos: [],
  combinable: true,
  automatica: false,
  activa: true,
  ...over,
});

const shirt: PricedLine = { id_producto: 1, id_categoria: 1, cantidad: 2, unitCents: 1490, onSale: false };
const phone: PricedLine = { id_producto: 2, id_categoria: 2, cantidad: 1, unitCents: 29999, onSale: true };

function price(
  lines: PricedLine[],
  {
    code,
    automatic = [],
    used = { total: 0, byCustomer: 0 },
    rate = 990,
    currency = 'USD' as const,
  } = {} as {
    code?: PromotionRule | null;
    automatic?: PromotionRule[];
    used?: { total: number; byCustomer: number };
    rate?: number;
    currency?: 'USD' | 'CLP';
  },
) {
  return priceOrder({
    lines,
    automatic,
    code: code === undefined ? null : { text: code?.codigo ?? 'NADA', rule: code },
    usage: () => used,
    shippingFor: (subtotal) => (subtotal >= 50000 ? 0 : rate),
    today: '2026-11-27',
    currency,
    money: moneyFormatter(currency),
  });
}

describe('priceOrder', () => {
  it('takes a percentage off the products, rounded half up, and spreads it over the lines exactly', () => {
    const order = price([shirt, phone], { code: rule({}) });
    // 10 % of 2 × 14.90 + 299.99 = 32.979 → 32.98
    expect(order.discountCents).toBe(3298);
    expect(order.lineDiscountCents.reduce((a, b) => a + b, 0)).toBe(3298);
    expect(order.lineDiscountCents).toEqual([298, 3000]);
    expect(order.totalCents).toBe(2980 + 29999 - 3298 + 990);
    expect(order.cupon).toEqual({ aplicado: true, motivo: null });
  });

  it('never takes more than the eligible products cost', () => {
    const order = price([shirt], { code: rule({ tipo: 'monto', valor: 100000 }) });
    expect(order.discountCents).toBe(2980);
    expect(order.totalCents).toBe(990);
  });

  it('takes whole pesos in a currency without cents', () => {
    const lines = [
      { ...shirt, unitCents: 999000, cantidad: 1 },
      { ...phone, unitCents: 1299000 },
    ];
    const order = price(lines, { code: rule({ valor: 15 }), currency: 'CLP', rate: 399000 });
    expect(order.lineDiscountCents.every((cents) => cents % 100 === 0)).toBe(true);
    expect(order.discountCents).toBe(344700);
  });

  it('says why a code does not apply, in the shopper’s words', () => {
    const reason = (code: PromotionRule | null, used?: { total: number; byCustomer: number }) =>
      price([shirt, phone], { code, ...(used && { used }) }).cupon?.motivo;
    expect(reason(null)).toBe(PROMOTION_MESSAGES.unknown);
    expect(reason(rule({ hasta: '2026-11-26' }))).toBe('El código venció el 26 de noviembre de 2026.');
    expect(reason(rule({ desde: '2026-12-01' }))).toBe('El código vale a partir del 1 de diciembre de 2026.');
    expect(reason(rule({ minimoCents: 50000 }))).toBe('Te faltan $170.21 para usar este código.');
    expect(reason(rule({ usos_max: 5 }), { total: 5, byCustomer: 0 })).toBe(PROMOTION_MESSAGES.usedUp);
    expect(reason(rule({ usos_por_cliente: 1 }), { total: 1, byCustomer: 1 })).toBe('Ya usaste este código.');
    expect(reason(rule({ categorias: [9] }))).toBe(PROMOTION_MESSAGES.noLines);
    expect(reason(rule({ activa: false }))).toBe(PROMOTION_MESSAGES.inactive);
  });

  it('skips products on sale for a code that does not combine, and refuses when nothing is left', () => {
    const order = price([shirt, phone], { code: rule({ combinable: false }) });
    expect(order.lineDiscountCents).toEqual([298, 0]);
    expect(price([phone], { code: rule({ combinable: false }) }).cupon?.motivo).toBe(
      PROMOTION_MESSAGES.onSale,
    );
  });

  it('applies a scope by category or product only to those lines', () => {
    expect(price([shirt, phone], { code: rule({ productos: [1] }) }).lineDiscountCents).toEqual([298, 0]);
    expect(price([shirt, phone], { code: rule({ categorias: [2] }) }).lineDiscountCents).toEqual([0, 3000]);
  });

  it('combines a product discount with free shipping, the shipping computed after the discount', () => {
    const free = rule({
      id: 2,
      codigo: 'ENVIO',
      tipo: 'envio_gratis',
      valor: 0,
      automatica: true,
      minimoCents: 2000,
    });
    const order = price([shirt], { code: rule({}), automatic: [free] });
    expect(order.discountCents).toBe(298);
    expect(order.shippingDiscountCents).toBe(990);
    expect(order.totalCents).toBe(2980 - 298);
    expect(order.applied.map((a) => [a.promotion.codigo, a.cents])).toEqual([
      ['DIEZ', 298],
      ['ENVIO', 990],
    ]);
  });

  it('keeps the larger of a code and an automatic promotion of the same kind, and says so', () => {
    const auto = rule({ id: 3, codigo: 'VERANO', valor: 20, automatica: true });
    const order = price([shirt], { code: rule({}), automatic: [auto] });
    expect(order.applied.map((a) => a.promotion.codigo)).toEqual(['VERANO']);
    expect(order.cupon).toEqual({ aplicado: false, motivo: PROMOTION_MESSAGES.better });
    // A tie goes to the code the shopper typed.
    const tie = price([shirt], { code: rule({}), automatic: [{ ...auto, valor: 10 }] });
    expect(tie.applied.map((a) => a.promotion.codigo)).toEqual(['DIEZ']);
  });

  it('ignores automatic promotions that are paused and a free-shipping code on an order that ships free', () => {
    const paused = rule({ id: 4, valor: 50, automatica: true, activa: false });
    expect(price([shirt], { automatic: [paused] }).discountCents).toBe(0);
    const free = rule({ tipo: 'envio_gratis', valor: 0 });
    expect(price([phone, { ...phone, id_producto: 3 }], { code: free }).cupon?.motivo).toBe(
      PROMOTION_MESSAGES.shipsFree,
    );
  });
});

describe('spread', () => {
  it('adds up exactly and never gives a line more than its amount', () => {
    for (const [total, amounts] of [
      [100, [1, 1, 1]],
      [7, [3, 3, 3]],
      [1000, [333, 333, 334]],
      [3, [1, 1, 1]],
    ] as const) {
      const shares = spread(total, amounts);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(
        Math.min(
          total,
          amounts.reduce((a, b) => a + b, 0),
        ),
      );
      for (const [i, share] of shares.entries()) expect(share).toBeLessThanOrEqual(amounts[i] as number);
    }
  });
});

describe('promotionInputSchema', () => {
  it('normalizes the code and explains every refusal in Spanish', () => {
    const ok = promotionInputSchema('USD').parse({ codigo: ' bienvenida10 ', tipo: 'porcentaje', valor: 10 });
    expect(ok).toMatchObject({ codigo: 'BIENVENIDA10', combinable: true, automatica: false, activa: true });
    const bad = promotionInputSchema('CLP').safeParse({
      codigo: 'ñu',
      tipo: 'monto',
      valor: 10.5,
      desde: '2026-12-10',
      hasta: '2026-12-01',
      usos_max: 0,
    });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'El código lleva de 3 a 40 letras sin acentos, números, guiones o guiones bajos',
      'Los usos totales debe ser al menos 1 (o déjalo vacío: sin límite)',
      'El monto en CLP no lleva decimales',
      'La fecha de fin no puede ser anterior a la de inicio',
    ]);
    expect(
      promotionInputSchema('USD').safeParse({ codigo: 'X10', tipo: 'porcentaje', valor: 120 }).error
        ?.issues[0]?.message,
    ).toBe('El porcentaje es un número entero de 1 a 100');
  });
});
