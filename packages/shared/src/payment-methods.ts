import { z } from 'zod';
import { multiLineText, singleLineText } from './validation/text';

/*
 * How a shopper may pay (docs/decisions/056-orders-paid-later.md). The owner enables, orders and describes
 * each method in Ajustes › Pagos; provider credentials come from the environment, never from here.
 */

export const PAYMENT_METHODS = ['tarjeta', 'mercadopago', 'transferencia', 'contra_entrega'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What the checkout, the order page and the admin call each method. */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  tarjeta: 'Tarjeta de crédito o débito',
  mercadopago: 'Mercado Pago',
  transferencia: 'Transferencia bancaria',
  contra_entrega: 'Pago al recibir',
};

/**
 * Methods whose money arrives after the order is placed: the order waits 'pendiente_pago' with its stock
 * reserved until a deadline (reserva_minutos). A card is charged while the shopper waits.
 */
export const LATER_PAYMENT_METHODS = [
  'mercadopago',
  'transferencia',
  'contra_entrega',
] as const satisfies readonly PaymentMethod[];
export type LaterPaymentMethod = (typeof LATER_PAYMENT_METHODS)[number];
export const isPaidLater = (method: PaymentMethod): method is LaterPaymentMethod =>
  (LATER_PAYMENT_METHODS as readonly string[]).includes(method);

export const PAYMENT_DESCRIPTION_MAX = 200;
export const PAYMENT_INSTRUCTIONS_MAX = 1000;
/** A reservation from one minute to 30 days. */
export const RESERVATION_MIN_MINUTES = 1;
export const RESERVATION_MAX_MINUTES = 30 * 24 * 60;

/** One method as the owner set it up. `reserva_minutos` is null for a card (paid at once). */
export interface PaymentMethodSettings {
  id: PaymentMethod;
  activo: boolean;
  descripcion: string;
  instrucciones: string;
  reserva_minutos: number | null;
}

/** Out of the box only the card, so SPEC's checkout is unchanged; the others wait, described, to be enabled. */
export const PAYMENT_SETTINGS_DEFAULT: readonly PaymentMethodSettings[] = [
  { id: 'tarjeta', activo: true, descripcion: '', instrucciones: '', reserva_minutos: null },
  {
    id: 'mercadopago',
    activo: false,
    descripcion: 'Tarjeta, saldo de Mercado Pago o efectivo en tiendas de conveniencia.',
    instrucciones: '',
    reserva_minutos: 3 * 24 * 60,
  },
  {
    id: 'transferencia',
    activo: false,
    descripcion: 'Transfiere desde tu banco; enviamos el pedido cuando llegue el pago.',
    instrucciones: '',
    reserva_minutos: 2 * 24 * 60,
  },
  {
    id: 'contra_entrega',
    activo: false,
    descripcion: 'Pagas en efectivo cuando recibes o recoges tu pedido.',
    instrucciones: '',
    reserva_minutos: 7 * 24 * 60,
  },
];

const RESERVATION_ERROR = `La reserva debe ser un número entero de minutos entre ${RESERVATION_MIN_MINUTES} y ${RESERVATION_MAX_MINUTES} (30 días)`;

const methodSettingsSchema = z.object({
  id: z.enum(PAYMENT_METHODS, { error: `El medio de pago debe ser uno de: ${PAYMENT_METHODS.join(', ')}` }),
  activo: z.boolean({ error: 'Indica con sí o no si el medio de pago está activo' }),
  descripcion: singleLineText({ error: 'La descripción debe ser texto' })
    .max(PAYMENT_DESCRIPTION_MAX, {
      error: `La descripción puede tener hasta ${PAYMENT_DESCRIPTION_MAX} caracteres`,
    })
    .transform((v) => v.trim()),
  instrucciones: multiLineText({ error: 'Las instrucciones deben ser texto' })
    .max(PAYMENT_INSTRUCTIONS_MAX, {
      error: `Las instrucciones pueden tener hasta ${PAYMENT_INSTRUCTIONS_MAX} caracteres`,
    })
    .transform((v) => v.trim()),
  reserva_minutos: z
    .number({ error: RESERVATION_ERROR })
    .int({ error: RESERVATION_ERROR })
    .min(RESERVATION_MIN_MINUTES, { error: RESERVATION_ERROR })
    .max(RESERVATION_MAX_MINUTES, { error: RESERVATION_ERROR })
    .nullable(),
});

/**
 * PUT /api/ajustes/pagos (and GET's answer): every method once, in the order the shopper sees them. At least
 * one enabled; a transfer needs the account to transfer to; a method paid later needs its reservation.
 */
export const paymentSettingsSchema = z
  .object({
    metodos: z.array(methodSettingsSchema, { error: 'Faltan los medios de pago' }),
  })
  .superRefine(({ metodos }, ctx) => {
    const ids = metodos.map((m) => m.id);
    if (ids.length !== PAYMENT_METHODS.length || new Set(ids).size !== ids.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['metodos'],
        message: `Incluye cada medio de pago una vez: ${PAYMENT_METHODS.join(', ')}`,
      });
      return;
    }
    if (!metodos.some((m) => m.activo))
      ctx.addIssue({ code: 'custom', path: ['metodos'], message: 'Activa al menos un medio de pago' });
    metodos.forEach((m, i) => {
      if (m.id === 'transferencia' && m.activo && m.instrucciones === '')
        ctx.addIssue({
          code: 'custom',
          path: ['metodos', i, 'instrucciones'],
          message: 'Escribe los datos para la transferencia (banco, titular y CLABE, CBU o IBAN)',
        });
      if (isPaidLater(m.id) && m.reserva_minutos === null)
        ctx.addIssue({
          code: 'custom',
          path: ['metodos', i, 'reserva_minutos'],
          message: `Indica cuánto tiempo se reserva el stock mientras llega el pago de «${PAYMENT_METHOD_NAMES[m.id]}»`,
        });
    });
  });
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

/** GET and PUT /api/ajustes/pagos's answer: the methods as stored (no transform, so it can be serialized). */
export const paymentSettingsAnswerSchema = z.object({
  metodos: z.array(
    z.object({
      id: z.enum(PAYMENT_METHODS),
      activo: z.boolean(),
      descripcion: z.string(),
      instrucciones: z.string(),
      reserva_minutos: z.number().int().nullable(),
    }),
  ),
});

/** GET /api/pagos/metodos: the enabled methods, in the owner's order. */
export const enabledPaymentMethodSchema = z.object({
  id: z.enum(PAYMENT_METHODS),
  nombre: z.string(),
  descripcion: z.string(),
});
export type EnabledPaymentMethod = z.infer<typeof enabledPaymentMethodSchema>;

export const enabledPaymentMethods = (methods: readonly PaymentMethodSettings[]): EnabledPaymentMethod[] =>
  methods
    .filter((m) => m.activo)
    .map((m) => ({ id: m.id, nombre: PAYMENT_METHOD_NAMES[m.id], descripcion: m.descripcion }));

/** Why POST /api/venta refused a method the owner has not enabled. */
export const methodNotAvailable = (method: PaymentMethod) =>
  `«${PAYMENT_METHOD_NAMES[method]}» no está disponible en esta tienda. Elige otro medio de pago.`;

/** What a shopper is told to do for a method paid later when the owner wrote no instructions. */
export const DEFAULT_INSTRUCTIONS: Record<LaterPaymentMethod, string> = {
  mercadopago: 'Completa el pago en Mercado Pago.',
  transferencia: 'Escríbenos para recibir los datos de la transferencia.',
  contra_entrega: 'Paga el total en efectivo cuando recibas o recojas tu pedido.',
};
