import { z } from 'zod';
import type { OrderState } from './orders';
import type { Cents } from './pricing';
import { recordId } from './validation/record-id';

/*
 * Refunds (docs/decisions/033-refunds.md, 049-refunds-and-shipping.md): what a refund gives back is decided
 * here, by the server when it records the refund and by the admin's dialog before it asks, so the amount
 * the owner confirms is the amount refunded.
 */

/** Units refunded before shipping go back to the shelf; after shipping they are with the customer. */
export const refundReturnsStock = (estado: OrderState): boolean =>
  estado === 'pagada' || estado === 'preparando';

export const REFUND_MESSAGES = {
  notRefundable: 'Este pedido no tiene un pago que se pueda reembolsar.',
  nothingLeft: 'Este pedido ya se reembolsó por completo.',
  unknownLine: 'Esa línea no es de este pedido. Recarga la página.',
  tooMany: (nombre: string, left: number) =>
    left === 0
      ? `${nombre} ya se reembolsó por completo.`
      : `Solo ${left === 1 ? 'queda 1 unidad' : `quedan ${left} unidades`} de ${nombre} por reembolsar.`,
  shippingRefunded: 'El envío de este pedido ya se reembolsó. Recarga la página.',
  nothingChosen: 'Elige al menos una línea o el envío para reembolsar',
  providerFailed:
    'El sistema de pagos no confirmó el reembolso. Quedó pendiente; vuelve a intentarlo en unos minutos.',
  keyReused:
    'Esta clave de idempotencia ya se usó con otro reembolso. Recarga la página e inténtalo de nuevo.',
} as const;

/** Why the payment provider refused or undid a refund, as Stripe names it (`failure_reason`), in Spanish. */
const REFUND_FAILURE_REASONS: Record<string, string> = {
  lost_or_stolen_card: 'la tarjeta se denunció como perdida o robada',
  expired_or_canceled_card: 'la tarjeta venció o fue cancelada',
  charge_for_pending_refund_disputed: 'el cliente abrió una disputa por el cobro',
  insufficient_funds: 'no había saldo suficiente para devolverlo',
  declined: 'el banco lo rechazó',
  merchant_request: 'la tienda lo canceló',
};

/** The provider's reason for a failed refund as the admin reads it; an unknown code is kept as it came. */
export const refundFailureText = (reason: string) => REFUND_FAILURE_REASONS[reason] ?? reason;

/** The state of one refund with the provider. */
export const REFUND_STATES = ['pendiente', 'completado', 'fallido'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/**
 * POST /api/venta/:id/reembolso: some units of some lines, with the shipping when `incluir_envio`, or
 * everything still paid, shipping included, when `lineas` is absent. `lineas: []` with `incluir_envio`
 * refunds the shipping alone.
 */
export const refundSchema = z
  .object({
    lineas: z
      .array(
        z.object({
          id_detalle_venta: recordId('La línea del pedido no es válida'),
          cantidad: z
            .number({ error: 'La cantidad a reembolsar debe ser un número entero' })
            .int({ error: 'La cantidad a reembolsar debe ser un número entero' })
            .min(1, { error: 'La cantidad a reembolsar mínima es 1' })
            .max(1000, { error: 'La cantidad a reembolsar es demasiado grande' }),
        }),
        { error: 'Las líneas a reembolsar no son válidas' },
      )
      .max(100, { error: 'Demasiadas líneas en un reembolso' })
      .refine((lines) => new Set(lines.map((l) => l.id_detalle_venta)).size === lines.length, {
        error: 'Una línea aparece dos veces en el reembolso',
      })
      .optional(),
    incluir_envio: z.boolean({ error: 'Indica con sí o no si se reembolsa el envío' }).optional(),
  })
  .refine((body) => body.lineas === undefined || body.lineas.length > 0 || body.incluir_envio === true, {
    error: REFUND_MESSAGES.nothingChosen,
    path: ['lineas'],
  });
export type RefundInput = z.infer<typeof refundSchema>;
export type RefundLine = { id_detalle_venta: number; cantidad: number };

/** One line of an order as a refund reads it. */
export interface RefundableLine {
  id_detalle_venta: number;
  nombre: string;
  unitCents: Cents;
  cantidad: number;
  /** The line's share of the order's promotions (detalle_venta.descuento). */
  discountCents: Cents;
  unitsLeft: number;
}

/** What can still be refunded of an order: each line's units and price, the shipping, the money. */
export interface RefundableOrder {
  lines: readonly RefundableLine[];
  shippingLeftCents: Cents;
  moneyLeftCents: Cents;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * What the first `units` units of a line paid: their price less their part of the line's discount,
 * rounded down so the line's last unit takes what is left and the units together never give back more
 * than the line paid. The part is counted in multiples of the price's and the discount's common divisor,
 * so in a currency without cents (both in whole pesos) it stays in whole pesos too.
 */
export function paidForUnits(line: RefundableLine, units: number): Cents {
  if (line.discountCents === 0) return line.unitCents * units;
  const grain = gcd(line.unitCents, line.discountCents);
  const discount = Math.floor((line.discountCents * units) / line.cantidad / grain) * grain;
  return line.unitCents * units - discount;
}

export interface RefundPlan {
  lineas: RefundLine[];
  /** Everything this refund gives back, shipping included. */
  cents: Cents;
  shippingCents: Cents;
  /** Nothing is left to refund after it: the order becomes 'reembolsada'. */
  completo: boolean;
}

/**
 * What a refund gives back: the units asked at the price paid (their part of a promotion's discount
 * taken off), plus the shipping only when asked for or
 * when the whole order is refunded. The refund that leaves nothing gives back exactly what is left.
 */
export function planRefund(order: RefundableOrder, input: RefundInput): RefundPlan | { refused: string } {
  const { lines, shippingLeftCents, moneyLeftCents } = order;
  if (input.lineas === undefined) {
    if (moneyLeftCents <= 0) return { refused: REFUND_MESSAGES.nothingLeft };
    return {
      lineas: lines
        .filter((line) => line.unitsLeft > 0)
        .map((line) => ({ id_detalle_venta: line.id_detalle_venta, cantidad: line.unitsLeft })),
      cents: moneyLeftCents,
      shippingCents: shippingLeftCents,
      completo: true,
    };
  }
  let cents = 0;
  for (const asked of input.lineas) {
    const line = lines.find((l) => l.id_detalle_venta === asked.id_detalle_venta);
    if (!line) return { refused: REFUND_MESSAGES.unknownLine };
    if (asked.cantidad > line.unitsLeft)
      return { refused: REFUND_MESSAGES.tooMany(line.nombre, Math.max(0, line.unitsLeft)) };
    const gone = line.cantidad - line.unitsLeft;
    cents += paidForUnits(line, gone + asked.cantidad) - paidForUnits(line, gone);
  }
  if (input.incluir_envio && shippingLeftCents <= 0) return { refused: REFUND_MESSAGES.shippingRefunded };
  const shippingCents = input.incluir_envio ? shippingLeftCents : 0;
  const unitsLeftAfter = lines.reduce(
    (n, line) =>
      n +
      line.unitsLeft -
      (input.lineas?.find((l) => l.id_detalle_venta === line.id_detalle_venta)?.cantidad ?? 0),
    0,
  );
  const completo = unitsLeftAfter === 0 && shippingLeftCents === shippingCents;
  cents = completo ? moneyLeftCents : cents + shippingCents;
  if (cents <= 0 || cents > moneyLeftCents) return { refused: REFUND_MESSAGES.nothingLeft };
  return { lineas: [...input.lineas], cents, shippingCents, completo };
}
