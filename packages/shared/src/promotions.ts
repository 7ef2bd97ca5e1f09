import { z } from 'zod';
import { DAY_PATTERN, isCalendarDay, spellDay } from './calendar-day';
import { CURRENCIES, type CurrencyCode, fitsCurrency } from './currency';
import type { Cents, FormatMoney } from './pricing';
import { recordId } from './validation/record-id';

/*
 * Coupons and automatic promotions (docs/decisions/073-promotions.md). The server prices every cart with
 * these rules, for the quote the cart shows and for the sale it records, so the discount the shopper saw
 * is the discount charged; the browser only shows what the server answered.
 */

export const PROMOTION_TYPES = ['porcentaje', 'monto', 'envio_gratis'] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

export const PROMOTION_TYPE_LABELS: Record<PromotionType, string> = {
  porcentaje: 'Porcentaje',
  monto: 'Monto fijo',
  envio_gratis: 'Envío gratis',
};

/** Codes are typed by shoppers: letters, digits, - and _, compared without case. */
export const PROMOTION_CODE = /^[A-Z0-9_-]{3,40}$/;
export const normalizeCode = (code: string) => code.trim().toUpperCase();
export const PROMOTION_LIST_MAX = 200;
const MONEY_MAX = 10_000_000;

const money = (label: string) =>
  z
    .number({ error: `${label} debe ser un número` })
    .positive({ error: `${label} debe ser mayor que 0` })
    .max(MONEY_MAX, { error: `${label} no puede pasar de ${MONEY_MAX}` })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      error: `${label} puede tener hasta dos decimales`,
    });

const day = (label: string) =>
  z
    .string({ error: `${label} debe ser una fecha` })
    .regex(DAY_PATTERN, { error: `${label} debe tener la forma AAAA-MM-DD` })
    .refine(isCalendarDay, { error: `${label} no existe en el calendario` })
    .nullable();

const uses = (label: string) =>
  z
    .number({ error: `${label} debe ser un número entero` })
    .int({ error: `${label} debe ser un número entero` })
    .min(1, { error: `${label} debe ser al menos 1 (o déjalo vacío: sin límite)` })
    .max(1_000_000, { error: `${label} no puede pasar de 1.000.000` })
    .nullable();

const ids = (label: string) =>
  z
    .array(recordId(`${label}: hay un identificador que no es válido`), { error: `${label} no es una lista` })
    .max(PROMOTION_LIST_MAX, { error: `${label}: como máximo ${PROMOTION_LIST_MAX}` })
    .transform((list) => [...new Set(list)]);

/**
 * POST /api/cupones and PUT /api/cupones/:id. `valor` is a whole percentage for 'porcentaje', an amount in
 * the shop's currency for 'monto', and is ignored for 'envio_gratis'. Days are the shop's calendar days,
 * both included; empty `categorias` and `productos` mean the whole cart.
 */
export function promotionInputSchema(currency: CurrencyCode) {
  return z
    .object({
      codigo: z
        .string({ error: 'Escribe el código' })
        .transform(normalizeCode)
        .refine((code) => PROMOTION_CODE.test(code), {
          error: 'El código lleva de 3 a 40 letras sin acentos, números, guiones o guiones bajos',
        }),
      tipo: z.enum(PROMOTION_TYPES, { error: 'Elige porcentaje, monto fijo o envío gratis' }),
      valor: z.number({ error: 'El valor debe ser un número' }).nullable().optional(),
      minimo: money('El mínimo de compra')
        .refine((v) => fitsCurrency(Math.round(v * 100), currency), {
          error: `El mínimo de compra en ${currency} no lleva decimales`,
        })
        .nullable()
        .optional()
        .default(null),
      desde: day('La fecha de inicio').optional().default(null),
      hasta: day('La fecha de fin').optional().default(null),
      usos_max: uses('Los usos totales').optional().default(null),
      usos_por_cliente: uses('Los usos por cliente').optional().default(null),
      categorias: ids('Las categorías').optional().default([]),
      productos: ids('Los productos').optional().default([]),
      combinable: z
        .boolean({ error: 'Indica con sí o no si se combina con ofertas' })
        .optional()
        .default(true),
      automatica: z.boolean({ error: 'Indica con sí o no si se aplica sola' }).optional().default(false),
      activa: z.boolean({ error: 'Indica con sí o no si está activa' }).optional().default(true),
    })
    .superRefine((input, ctx) => {
      const problem = valueProblem(input.tipo, input.valor ?? null, currency);
      if (problem) ctx.addIssue({ code: 'custom', path: ['valor'], message: problem });
      if (input.desde && input.hasta && input.desde > input.hasta)
        ctx.addIssue({
          code: 'custom',
          path: ['hasta'],
          message: 'La fecha de fin no puede ser anterior a la de inicio',
        });
    })
    .transform((input) => ({ ...input, valor: input.tipo === 'envio_gratis' ? 0 : (input.valor as number) }));
}
export type PromotionInput = z.output<ReturnType<typeof promotionInputSchema>>;

function valueProblem(tipo: PromotionType, valor: number | null, currency: CurrencyCode): string | null {
  if (tipo === 'envio_gratis') return null;
  if (valor === null) return 'Escribe el valor del descuento';
  if (tipo === 'porcentaje')
    return Number.isInteger(valor) && valor >= 1 && valor <= 100
      ? null
      : 'El porcentaje es un número entero de 1 a 100';
  const cents = Math.round(valor * 100);
  if (!(valor > 0) || valor > MONEY_MAX || Math.abs(valor * 100 - cents) > 1e-6)
    return `El monto debe ser mayor que 0, con hasta dos decimales, y no pasar de ${MONEY_MAX}`;
  return fitsCurrency(cents, currency) ? null : `El monto en ${currency} no lleva decimales`;
}

/** A promotion as the rules read it: amounts in cents, `valor` a percentage or cents. */
export interface PromotionRule {
  id: number;
  codigo: string;
  tipo: PromotionType;
  valor: number;
  minimoCents: Cents | null;
  desde: string | null;
  hasta: string | null;
  usos_max: number | null;
  usos_por_cliente: number | null;
  categorias: readonly number[];
  productos: readonly number[];
  combinable: boolean;
  automatica: boolean;
  activa: boolean;
}

/** A cart line as priced by the server. */
export interface PricedLine {
  id_producto: number;
  id_categoria: number;
  cantidad: number;
  /** The unit price paid before promotions: the product's discount price when it has one. */
  unitCents: Cents;
  /** The product has its own discount price (a promotion that does not combine skips the line). */
  onSale: boolean;
}

export interface PromotionContext {
  lines: readonly PricedLine[];
  /** The shipping the order would pay without promotions. */
  shippingCents: Cents;
  /** Today in the shop's time zone, 'YYYY-MM-DD'. */
  today: string;
  /** How many orders used the promotion, in all and by this customer. */
  usage: { total: number; byCustomer: number };
  currency: CurrencyCode;
  money: FormatMoney;
}

/** What a promotion takes off an order: per line (in the lines' order) and from the shipping. */
export interface PromotionDiscount {
  promotion: PromotionRule;
  lineCents: Cents[];
  shippingCents: Cents;
}

export type PromotionOutcome = { ok: true; discount: PromotionDiscount } | { ok: false; motivo: string };

export const PROMOTION_MESSAGES = {
  unknown: 'No encontramos ese código de descuento. Revisa que esté bien escrito.',
  inactive: 'Este código de descuento ya no está disponible.',
  notYet: (desde: string) => `El código vale a partir del ${spellDay(desde)}.`,
  expired: (hasta: string) => `El código venció el ${spellDay(hasta)}.`,
  usedUp: 'Este código ya se usó todas las veces posibles.',
  usedByCustomer: (times: number) =>
    times === 1 ? 'Ya usaste este código.' : `Ya usaste este código las ${times} veces posibles.`,
  noLines: 'Este código no aplica a los productos de tu carrito.',
  onSale: 'Este código no se combina con productos en oferta.',
  minimum: (missing: string) => `Te faltan ${missing} para usar este código.`,
  better: 'Tu carrito ya tiene un descuento mayor que el de este código.',
  shipsFree: 'Tu pedido ya tiene envío gratis.',
} as const;

/** Whether a promotion gives this order a discount, and how much, or why not (in the shopper's words). */
export function applyPromotion(rule: PromotionRule, context: PromotionContext): PromotionOutcome {
  const refuse = (motivo: string): PromotionOutcome => ({ ok: false, motivo });
  if (!rule.activa) return refuse(PROMOTION_MESSAGES.inactive);
  if (rule.desde && context.today < rule.desde) return refuse(PROMOTION_MESSAGES.notYet(rule.desde));
  if (rule.hasta && context.today > rule.hasta) return refuse(PROMOTION_MESSAGES.expired(rule.hasta));
  if (rule.usos_max !== null && context.usage.total >= rule.usos_max)
    return refuse(PROMOTION_MESSAGES.usedUp);
  if (rule.usos_por_cliente !== null && context.usage.byCustomer >= rule.usos_por_cliente)
    return refuse(PROMOTION_MESSAGES.usedByCustomer(rule.usos_por_cliente));

  const scoped = context.lines.map(
    (line) =>
      (rule.categorias.length === 0 && rule.productos.length === 0) ||
      rule.categorias.includes(line.id_categoria) ||
      rule.productos.includes(line.id_producto),
  );
  if (!scoped.some(Boolean)) return refuse(PROMOTION_MESSAGES.noLines);
  const eligible = context.lines.map((line, i) => scoped[i] && (rule.combinable || !line.onSale));
  if (!eligible.some(Boolean)) return refuse(PROMOTION_MESSAGES.onSale);

  const bases = context.lines.map((line, i) => (eligible[i] ? line.unitCents * line.cantidad : 0));
  const base = bases.reduce((a, b) => a + b, 0);
  if (rule.minimoCents !== null && base < rule.minimoCents)
    return refuse(PROMOTION_MESSAGES.minimum(context.money((rule.minimoCents - base) / 100)));

  const step = CURRENCIES[context.currency].decimals === 0 ? 100 : 1;
  const none = context.lines.map(() => 0);
  if (rule.tipo === 'envio_gratis')
    return { ok: true, discount: { promotion: rule, lineCents: none, shippingCents: context.shippingCents } };
  const total =
    rule.tipo === 'porcentaje'
      ? roundToStep((base * rule.valor) / 100, step)
      : Math.min(base, rule.valor - (rule.valor % step));
  return { ok: true, discount: { promotion: rule, lineCents: spread(total, bases, step), shippingCents: 0 } };
}

/** Half up to the currency's smallest amount (a cent, or a whole peso). */
const roundToStep = (cents: number, step: number) => Math.floor(cents / step + 0.5) * step;

/**
 * Shares `total` among lines in proportion to their amounts, in whole steps, so that the shares add up to
 * the total (at most the amounts' sum) exactly and no line gets more than its amount (the largest
 * remainders get the steps left over).
 */
export function spread(total: Cents, amounts: readonly Cents[], step = 1): Cents[] {
  const sum = amounts.reduce((a, b) => a + b, 0);
  if (sum === 0 || total <= 0) return amounts.map(() => 0);
  const steps = Math.min(total, sum) / step;
  const exact = amounts.map((amount) => (amount / sum) * steps);
  const shares = exact.map(Math.floor);
  let left = steps - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, i) => ({ i, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest);
  for (const { i } of order) {
    if (left === 0) break;
    if ((shares[i] as number) * step < (amounts[i] as number)) {
      shares[i] = (shares[i] as number) + 1;
      left--;
    }
  }
  return shares.map((share) => share * step);
}

const productCents = (discount: PromotionDiscount) => discount.lineCents.reduce((a, b) => a + b, 0);

/** What pricing an order needs besides its lines: the promotions, their use so far, and the shipping rule. */
export interface OrderPricingInput {
  lines: readonly PricedLine[];
  /** The shop's automatic promotions, active or not. */
  automatic: readonly PromotionRule[];
  /** The code the shopper typed (normalized), and the promotion it names (null: no such code). */
  code: { text: string; rule: PromotionRule | null } | null;
  usage: (promotion: PromotionRule) => { total: number; byCustomer: number };
  /** The shipping the order pays for a subtotal after discounts, before any free-shipping promotion. */
  shippingFor: (subtotalCents: Cents) => Cents;
  today: string;
  currency: CurrencyCode;
  money: FormatMoney;
}

export interface OrderPricing {
  subtotalCents: Cents;
  /** Each line's discount, in the lines' order. */
  lineDiscountCents: Cents[];
  discountCents: Cents;
  /** The shipping the order pays, free-shipping promotions applied. */
  shippingCents: Cents;
  shippingDiscountCents: Cents;
  totalCents: Cents;
  applied: Array<{ promotion: PromotionRule; cents: Cents }>;
  /** The code the shopper typed: applied, or why not. */
  cupon: { aplicado: boolean; motivo: string | null } | null;
}

/**
 * The one pricing of an order with promotions: at most one discount on the products and one on the
 * shipping, the largest of each (the typed code wins a tie). Products first; the shipping is then
 * computed on the discounted subtotal, and a free-shipping promotion takes it off.
 */
export function priceOrder(input: OrderPricingInput): OrderPricing {
  const subtotalCents = input.lines.reduce((sum, line) => sum + line.unitCents * line.cantidad, 0);
  const codeRule = input.code?.rule ?? null;
  let codeOutcome: PromotionOutcome | null = null;

  /** The largest discount of one kind, among the automatic promotions and the code when it is of that kind. */
  const best = (shipping: boolean, shippingCents: Cents) => {
    const amount = (d: PromotionDiscount) => (shipping ? d.shippingCents : productCents(d));
    const ofKind = (rule: PromotionRule) => (rule.tipo === 'envio_gratis') === shipping;
    const rules = input.automatic.filter(
      (rule) => rule.automatica && ofKind(rule) && rule.id !== codeRule?.id,
    );
    let winner: PromotionDiscount | null = null;
    for (const rule of codeRule && ofKind(codeRule) ? [codeRule, ...rules] : rules) {
      const outcome = applyPromotion(rule, { ...input, shippingCents, usage: input.usage(rule) });
      if (rule === codeRule) codeOutcome = outcome;
      if (
        outcome.ok &&
        amount(outcome.discount) > 0 &&
        (!winner || amount(outcome.discount) > amount(winner))
      )
        winner = outcome.discount;
    }
    return winner;
  };

  const products = best(false, 0);
  const lineDiscountCents = products?.lineCents ?? input.lines.map(() => 0);
  const discountCents = lineDiscountCents.reduce((a, b) => a + b, 0);
  const shippingBefore = input.shippingFor(subtotalCents - discountCents);
  const shipping = best(true, shippingBefore);
  const shippingDiscountCents = shipping?.shippingCents ?? 0;
  const applied = [products, shipping]
    .filter((d): d is PromotionDiscount => d !== null)
    .map((d) => ({ promotion: d.promotion, cents: productCents(d) + d.shippingCents }));

  return {
    subtotalCents,
    lineDiscountCents,
    discountCents,
    shippingCents: shippingBefore - shippingDiscountCents,
    shippingDiscountCents,
    totalCents: subtotalCents - discountCents + shippingBefore - shippingDiscountCents,
    applied,
    cupon: input.code ? codeVerdict(codeRule, codeOutcome, applied, shippingBefore) : null,
  };
}

/** What the cart says of the code the shopper typed. */
function codeVerdict(
  rule: PromotionRule | null,
  outcome: PromotionOutcome | null,
  applied: OrderPricing['applied'],
  shippingCents: Cents,
): { aplicado: boolean; motivo: string | null } {
  if (!rule) return { aplicado: false, motivo: PROMOTION_MESSAGES.unknown };
  if (applied.some((a) => a.promotion.id === rule.id)) return { aplicado: true, motivo: null };
  if (outcome && !outcome.ok) return { aplicado: false, motivo: outcome.motivo };
  if (rule.tipo === 'envio_gratis' && shippingCents === 0)
    return { aplicado: false, motivo: PROMOTION_MESSAGES.shipsFree };
  return { aplicado: false, motivo: PROMOTION_MESSAGES.better };
}

/** POST /api/carrito/cotizar and POST /api/venta: the code the shopper typed. */
export const couponField = z
  .string({ error: 'El código de descuento no es válido' })
  .max(60, { error: 'El código de descuento no es válido' })
  .transform(normalizeCode)
  .optional();

/** A promotion as GET /api/cupones answers it. */
export const promotionSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  tipo: z.enum(PROMOTION_TYPES),
  valor: z.number(),
  minimo: z.number().nullable(),
  desde: z.string().nullable(),
  hasta: z.string().nullable(),
  usos_max: z.number().int().nullable(),
  usos_por_cliente: z.number().int().nullable(),
  categorias: z.array(z.number().int()),
  productos: z.array(z.number().int()),
  combinable: z.boolean(),
  automatica: z.boolean(),
  activa: z.boolean(),
});
export type Promotion = z.infer<typeof promotionSchema>;

/** GET /api/cupones: each promotion with the sales that got it so far (failed card attempts aside). */
export const listedPromotionSchema = promotionSchema.extend({ usos: z.number().int() });
export type ListedPromotion = z.infer<typeof listedPromotionSchema>;
