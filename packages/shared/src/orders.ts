import { z } from 'zod';
import { PLACEHOLDER_PHONE } from './constants';
import { type CurrencyCode, fitsCurrency } from './currency';
import { PAYMENT_METHODS, type PaymentMethod } from './payment-methods';
import { type Cents, type FormatMoney, toCents } from './pricing';
import { agreeing } from './validation/agreement';
import { addressField, DIGITS_ONLY, notBlank } from './validation/rules';
import { singleLineText } from './validation/text';

/*
 * An order's life after checkout (docs/decisions/017-order-lifecycle.md): its states and the admin's
 * moves between them, its number, its shipping address and cost, and its refunds. The server enforces
 * every rule here; the screens read the same tables to offer only the moves the server will take.
 */

/**
 * Every state of a sale. 'pendiente' and 'fallida' are card payment attempts, not orders; a paid sale is
 * 'pagada' and moves on from there. 'reembolsada' = the whole order refunded (a partial refund keeps the
 * state and is recorded per line). An order paid later (transfer, cash, Mercado Pago: decision 056) waits
 * 'pendiente_pago' with its stock reserved, and becomes 'pagada', or 'anulada' when it is cancelled unpaid
 * (its deadline passed, or the owner cancelled it): no money was ever taken for an 'anulada' order. An
 * order paid on delivery travels unpaid, 'por_cobrar', and is paid when it is delivered (decision 084).
 */
export const ORDER_STATES = [
  'pendiente',
  'fallida',
  'pendiente_pago',
  'por_cobrar',
  'anulada',
  'pagada',
  'preparando',
  'enviada',
  'lista_retiro',
  'entregada',
  'cancelada',
  'reembolsada',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** The states of a sale whose payment went through: the orders (a customer's history lists these). */
export const PAID_ORDER_STATES = [
  'pagada',
  'preparando',
  'enviada',
  'lista_retiro',
  'entregada',
  'cancelada',
  'reembolsada',
] as const satisfies readonly OrderState[];
export type PaidOrderState = (typeof PAID_ORDER_STATES)[number];
export const isOrder = (estado: OrderState): estado is PaidOrderState =>
  (PAID_ORDER_STATES as readonly string[]).includes(estado);

/**
 * The orders a shopper placed, paid or not: the paid ones, those waiting for their money (at home or on
 * their way to be paid on delivery) and those cancelled unpaid. Histories list these; figures (sales,
 * spending) count the paid ones only.
 */
export const PLACED_ORDER_STATES = [
  ...PAID_ORDER_STATES,
  'pendiente_pago',
  'por_cobrar',
  'anulada',
] as const satisfies readonly OrderState[];

/** How screens and e-mails name each state. */
export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  pendiente: 'Pago pendiente',
  fallida: 'Pago rechazado',
  pendiente_pago: 'Esperando pago',
  por_cobrar: 'Enviado, por cobrar',
  anulada: 'Cancelado sin pago',
  pagada: 'Pagado',
  preparando: 'En preparación',
  enviada: 'Enviado',
  lista_retiro: 'Listo para retirar',
  entregada: 'Entregado',
  cancelada: 'Cancelado',
  reembolsada: 'Reembolsado',
};

/**
 * The states an admin sets with PUT /api/venta/:id/estado ('reembolsada' comes from a refund). 'pagada'
 * confirms the money of an order paid later; 'cancelada' on such an order, still unpaid, makes it 'anulada'.
 * 'por_cobrar' ships an order paid on delivery before its money; delivering it records the cash received.
 */
export const MANUAL_STATES = [
  'pagada',
  'por_cobrar',
  'preparando',
  'enviada',
  'lista_retiro',
  'entregada',
  'cancelada',
] as const;
export type ManualState = (typeof MANUAL_STATES)[number];

/**
 * From each state, the states an admin may move an order shipped to an address to. Cancelling is only
 * possible before shipping, except an order paid on delivery that comes back unpaid (refused at the door):
 * it is cancelled unpaid.
 */
export const ORDER_TRANSITIONS: Record<OrderState, readonly ManualState[]> = {
  pendiente: [],
  fallida: [],
  pendiente_pago: ['pagada', 'por_cobrar', 'cancelada'],
  por_cobrar: ['entregada', 'cancelada'],
  anulada: [],
  pagada: ['preparando', 'cancelada'],
  preparando: ['enviada', 'cancelada'],
  enviada: ['entregada'],
  lista_retiro: [],
  entregada: [],
  cancelada: [],
  reembolsada: [],
};

/**
 * An order picked up at the store is never shipped: once prepared it waits 'lista_retiro' at the store,
 * where it can still be cancelled until the shopper takes it ('entregada'). Paid at the store, it is
 * marked paid there ('pagada'), never sent to be collected.
 */
export const PICKUP_TRANSITIONS: Record<OrderState, readonly ManualState[]> = {
  ...ORDER_TRANSITIONS,
  pendiente_pago: ['pagada', 'cancelada'],
  por_cobrar: [],
  preparando: ['lista_retiro', 'cancelada'],
  enviada: [],
  lista_retiro: ['entregada', 'cancelada'],
};

/** What decides an order's moves besides its state: how it is paid and whether it is picked up. */
export interface OrderRoute {
  method: PaymentMethod;
  pickup: boolean;
}

/** The route of an order as its row or its JSON says it. */
export const orderRoute = (order: { metodo_pago: PaymentMethod; metodo_envio: string }): OrderRoute => ({
  method: order.metodo_pago,
  pickup: order.metodo_envio === 'retiro',
});

/**
 * Whether an admin may move an order from `from` to `to`. Only cash on delivery travels before it is
 * paid (decision 084): every other order is paid first.
 */
export const canMoveTo = (from: OrderState, to: ManualState, { method, pickup }: OrderRoute): boolean =>
  (pickup ? PICKUP_TRANSITIONS : ORDER_TRANSITIONS)[from].includes(to) &&
  (to !== 'por_cobrar' || method === 'contra_entrega');

/** The button that makes each move, and what it asks before doing it. */
export const STATE_ACTIONS: Record<ManualState, { label: string; confirm: string }> = {
  pagada: {
    label: 'Marcar como pagado',
    confirm:
      '¿Confirmas que recibiste el pago completo de este pedido? Le avisaremos al cliente y podrás prepararlo.',
  },
  por_cobrar: {
    label: 'Enviar y cobrar al entregar',
    confirm:
      '¿Enviar el pedido sin cobrarlo todavía? No contará como venta hasta que confirmes que recibiste el dinero al entregarlo.',
  },
  preparando: {
    label: 'Preparar pedido',
    confirm: '¿Empezar a preparar este pedido? El cliente verá que está en preparación.',
  },
  enviada: {
    label: 'Marcar como enviado',
    confirm: '¿Marcar el pedido como enviado? Le avisaremos al cliente por correo.',
  },
  lista_retiro: {
    label: 'Listo para retirar',
    confirm: '¿El pedido ya está listo en la tienda? Le avisaremos al cliente que puede pasar a retirarlo.',
  },
  entregada: {
    label: 'Marcar como entregado',
    confirm:
      '¿Confirmas que el cliente recibió el pedido? Le enviaremos un correo para que califique sus productos.',
  },
  cancelada: {
    label: 'Cancelar pedido',
    confirm:
      '¿Cancelar el pedido? Las unidades vuelven al inventario, se devuelve el pago y le avisaremos al cliente.',
  },
};

/**
 * The button of a move from `from`: delivering an order paid on delivery is also confirming its cash, so
 * the owner is asked for both.
 */
export function stateAction(from: OrderState, to: ManualState): { label: string; confirm: string } {
  if (from === 'por_cobrar' && to === 'entregada')
    return {
      label: 'Entregado y cobrado',
      confirm:
        '¿Confirmas que el cliente recibió el pedido y que cobraste el total? El pedido quedará pagado y entregado, y le enviaremos un correo para que califique sus productos.',
    };
  return STATE_ACTIONS[to];
}

/** The 409 of a move that is not allowed from the order's current state, how it is paid and where it goes. */
export function transitionRefused(from: OrderState, to: ManualState, { method, pickup }: OrderRoute): string {
  if (pickup && to === 'enviada')
    return 'Este pedido se retira en la tienda: no se envía. Márcalo como listo para retirar.';
  if (!pickup && to === 'lista_retiro')
    return 'Este pedido se envía a domicilio: no se retira en la tienda. Márcalo como enviado.';
  if (pickup && to === 'por_cobrar')
    return 'Este pedido se retira en la tienda: márcalo como pagado cuando el cliente pague al retirarlo.';
  if (to === 'por_cobrar')
    return method !== 'contra_entrega'
      ? 'Solo un pedido con pago al recibir se envía sin pagar: marca este pedido como pagado antes de enviarlo.'
      : from === 'por_cobrar'
        ? 'El pedido ya se envió. Recarga la página.'
        : 'Este pedido ya no espera su pago: no se puede enviar para cobrar al entregar. Recarga la página.';
  if (from === 'pendiente_pago' && to !== 'cancelada')
    return method === 'contra_entrega' && !pickup
      ? 'El pedido aún no se envía: usa «Enviar y cobrar al entregar», o márcalo como pagado si ya recibiste el dinero.'
      : 'El pedido espera su pago: márcalo como pagado cuando recibas el dinero, antes de prepararlo o enviarlo.';
  if (from === 'por_cobrar' && to === 'pagada')
    return 'El pedido va en camino: se marca como pagado al confirmar su entrega con el cobro.';
  if (from === 'por_cobrar') return 'El pedido ya se envió. Recarga la página.';
  if (to === 'pagada')
    return from === 'anulada'
      ? 'El pedido se canceló sin pago y su stock se liberó: no se puede marcar como pagado. Si recibiste el dinero, devuélvelo o pide al cliente que compre de nuevo.'
      : isOrder(from)
        ? 'El pedido ya está pagado. Recarga la página.'
        : 'Esta compra no está esperando un pago: no se puede marcar como pagada.';
  if (from === 'anulada') return 'El pedido ya está cancelado. Recarga la página.';
  if (to === 'cancelada' && (from === 'enviada' || from === 'entregada'))
    return 'El pedido ya se envió y no se puede cancelar. Si el cliente lo devuelve, reembólsalo.';
  if (!isOrder(from)) return 'Esta compra no se pagó: no es un pedido que se pueda preparar o enviar.';
  if (from === to) return `El pedido ya está «${ORDER_STATE_LABELS[from]}». Recarga la página.`;
  return `Un pedido «${ORDER_STATE_LABELS[from]}» no se puede marcar como «${ORDER_STATE_LABELS[to]}». Recarga la página para ver su estado actual.`;
}

/**
 * Orders the shop keeps the money of (not cancelled, not wholly refunded): they count as sales on the
 * dashboard, can be rated, and can still be refunded.
 */
export const ACTIVE_ORDER_STATES = [
  'pagada',
  'preparando',
  'enviada',
  'lista_retiro',
  'entregada',
] as const satisfies readonly OrderState[];
export const isActiveOrder = (estado: OrderState): boolean =>
  (ACTIVE_ORDER_STATES as readonly string[]).includes(estado);
/** Order numbers: sequential, shown as 'V-000123': this prefix, then at least this many digits. */
export const ORDER_NUMBER_FORMAT = { prefix: 'V-', digits: 6 } as const;
export const formatOrderNumber = (numero: number): string =>
  `${ORDER_NUMBER_FORMAT.prefix}${String(numero).padStart(ORDER_NUMBER_FORMAT.digits, '0')}`;

/** The number in a search for an order: 'V-000123', 'v123', '000123' or '123'; null when it is not one. */
export function parseOrderNumber(text: string): number | null {
  const match = /^\s*(?:v-?)?0*(\d{1,9})\s*$/i.exec(text);
  if (!match) return null;
  const n = Number(match[1]);
  return n > 0 ? n : null;
}

/* Shipping address: a snapshot of who receives the order, where. */

export const RECIPIENT_NAME_MIN = 3;
export const RECIPIENT_NAME_MAX = 100;
export const SHIPPING_ADDRESS_MIN = 15;
export const SHIPPING_ADDRESS_MAX = 100;
export const SHIPPING_PHONE_MIN = 10;
export const SHIPPING_PHONE_MAX = 25;
/** A state or province's name, from the list of the shop's country (shipping-regions.ts). */
export const REGION_MAX = 60;

const required = (message: string) => singleLineText({ error: message }).min(1, { error: message });

export const direccionEnvioSchema = z.object(
  {
    nombre: required('Escribe el nombre de quien recibe el pedido')
      .refine(notBlank, { error: 'Escribe el nombre de quien recibe el pedido' })
      .max(RECIPIENT_NAME_MAX, { error: `El nombre puede tener hasta ${RECIPIENT_NAME_MAX} caracteres` })
      .refine((v) => v.trim().length >= RECIPIENT_NAME_MIN, {
        error: `El nombre debe tener al menos ${RECIPIENT_NAME_MIN} letras`,
      }),
    direccion: required('Escribe la dirección de entrega').pipe(
      addressField(z.string(), {
        min: SHIPPING_ADDRESS_MIN,
        max: SHIPPING_ADDRESS_MAX,
        blank: 'Escribe la dirección de entrega',
        tooShort: `La dirección debe tener al menos ${SHIPPING_ADDRESS_MIN} caracteres`,
        tooLong: `La dirección puede tener hasta ${SHIPPING_ADDRESS_MAX} caracteres`,
        pattern: 'Escribe la calle y el número (la dirección debe tener números y letras)',
      }),
    ),
    telefono: required('Escribe un teléfono de contacto')
      .refine(notBlank, { error: 'Escribe un teléfono de contacto' })
      .regex(DIGITS_ONLY, { error: 'El teléfono debe tener solo números' })
      .min(SHIPPING_PHONE_MIN, { error: `El teléfono debe tener al menos ${SHIPPING_PHONE_MIN} dígitos` })
      .max(SHIPPING_PHONE_MAX, { error: `El teléfono puede tener hasta ${SHIPPING_PHONE_MAX} dígitos` })
      // A Google account's placeholder is not a phone anyone answers.
      .refine((v) => v !== PLACEHOLDER_PHONE, { error: 'Escribe un teléfono de contacto real' }),
    /**
     * The state or province (decision 082): the server checks it is one of the country's and prices the
     * shipping from it; clients from before zones send none and pay the rest-of-country rate.
     */
    region: singleLineText({ error: 'Elige la región de entrega de la lista' })
      .max(REGION_MAX, { error: 'Elige la región de entrega de la lista' })
      .optional(),
  },
  { error: 'Falta la dirección de envío' },
);
export type DireccionEnvio = z.infer<typeof direccionEnvioSchema>;

/* Shipping cost: one flat rate, free from a threshold on. */

/** The shop's settings (GET/PUT /api/ajustes), amounts in currency units like `valor`. */
export interface Ajustes {
  envio_tarifa: number;
  /** Free shipping from this subtotal on; null = no free-shipping threshold. */
  envio_gratis_desde: number | null;
}
/** Out of the box shipping is free, so SPEC's totals are unchanged. */
export const AJUSTES_DEFAULT: Ajustes = { envio_tarifa: 0, envio_gratis_desde: null };
export const SHIPPING_MAX = 100_000;

/** An amount of the settings in currency units; in a currency without cents, whole units only. */
const amount = (label: string, code?: CurrencyCode) =>
  z
    .number({ error: `${label} debe ser un número` })
    .min(0, { error: `${label} no puede ser ${agreeing(label, 'negativo')}` })
    .max(SHIPPING_MAX, { error: `${label} no puede pasar de ${SHIPPING_MAX}` })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      error: `${label} puede tener hasta dos decimales`,
    })
    .refine((v) => code === undefined || fitsCurrency(Math.round(v * 100), code), {
      error: `${label} en ${code} no lleva decimales`,
    });

const ajustesShape = (code?: CurrencyCode) =>
  z.object({
    envio_tarifa: amount('La tarifa de envío', code),
    envio_gratis_desde: amount('El mínimo para envío gratis', code)
      .refine((v) => v > 0, { error: 'El mínimo para envío gratis debe ser mayor que 0 (o déjalo vacío)' })
      .nullable(),
  });

/** The settings as stored and answered, whatever the currency was when they were saved. */
export const ajustesSchema = ajustesShape();

const ajustesInputs = new Map<CurrencyCode, ReturnType<typeof ajustesShape>>();

/** The settings an owner may save (PUT /api/ajustes and its form): whole units in CLP or COP. */
export function ajustesInputSchema(code: CurrencyCode) {
  let schema = ajustesInputs.get(code);
  if (!schema) {
    schema = ajustesShape(code);
    ajustesInputs.set(code, schema);
  }
  return schema;
}

/** Why a checkout's total was refused when only the shipping changed since the shopper saw it. */
export function shippingChanged(shipping: Cents, money: FormatMoney): string {
  const now =
    shipping === 0
      ? 'El envío ahora es gratis.'
      : `El costo de envío cambió: ahora es ${money(shipping / 100)}.`;
  return `${now} Revisa el total antes de pagar.`;
}

/** The shipping cost of an order: free when the rate is 0 or the subtotal reaches the threshold. */
export function shippingCents(subtotalCents: Cents, settings: Ajustes): Cents {
  const rate = toCents(settings.envio_tarifa);
  if (rate === 0) return 0;
  if (settings.envio_gratis_desde !== null && subtotalCents >= toCents(settings.envio_gratis_desde)) return 0;
  return rate;
}

/* Admin actions. */

const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    singleLineText({ error: `${label} debe ser texto` })
      .max(max, { error: `${label} puede tener hasta ${max} caracteres` })
      .transform((v) => v.trim())
      .optional(),
  );

export const TRANSPORTISTA_MAX = 60;
export const GUIA_MAX = 100;

/** PUT /api/venta/:id/estado. Carrier and tracking number only mean something when shipping. */
export const stateChangeSchema = z.object({
  estado: z.enum(MANUAL_STATES, {
    error: `El estado debe ser uno de: ${MANUAL_STATES.join(', ')}`,
  }),
  transportista: optionalText('La transportadora', TRANSPORTISTA_MAX),
  guia: optionalText('El número de guía', GUIA_MAX),
});
export type StateChange = z.infer<typeof stateChangeSchema>;

/* GET /api/venta/:id: an order as its pages show it. */

export const orderLineSchema = z.object({
  id_detalle_venta: z.number().int(),
  id_venta: z.number().int(),
  id_producto: z.number().int(),
  cantidad: z.number().int(),
  cantidad_reembolsada: z.number().int(),
  valor_unitario: z.number(),
  valor_total_cantidad: z.number(),
  /** The line's share of the order's promotions: it paid valor_total_cantidad − descuento. */
  descuento: z.number(),
  comentado: z.boolean(),
  /** The variant sold (null only on lines older than variants), its label ('Talla M · Rojo', '' without options) and SKU. */
  id_variante: z.number().int().nullable(),
  variante: z.string(),
  sku: z.string(),
  Producto: z.object({ id_producto: z.number().int(), nombre: z.string(), imagen: z.string() }),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** The admin behind a change of an order, as admins see it. */
const changedBySchema = z
  .object({ id_usuario: z.number().int(), nombre: z.string(), email: z.string() })
  .nullable()
  .optional();

export const orderHistoryEntrySchema = z.object({
  estado: z.enum(ORDER_STATES),
  fecha: z.string(),
  /** Who made the change: shown to admins only; null when the shop did it (a payment). */
  usuario: changedBySchema,
});

export const orderRefundSchema = z.object({
  fecha: z.string(),
  /** Currency units, shipping included. */
  monto: z.number(),
  envio: z.number(),
  /** The tax included in what it gave back (decision 058's rule on `monto`); null when the order shows none. */
  impuesto: z.number().nullable(),
  lineas: z.array(z.object({ nombre: z.string(), cantidad: z.number().int() })),
  /** Who made it: shown to admins only. */
  usuario: changedBySchema,
});

export const orderSchema = z.object({
  id_venta: z.number().int(),
  fecha: z.string(),
  /** 'V-000123'; null for a sale never paid. */
  numero_pedido: z.string().nullable(),
  estado: z.enum(ORDER_STATES),
  /** Null for sales made before addresses were recorded, and for pickup. */
  direccion_envio: direccionEnvioSchema.nullable(),
  /** Delivered to the address, or picked up at the store (decision 082). */
  metodo_envio: z.enum(['domicilio', 'retiro']),
  /** Pickup: where and when, as the shop said when the order was placed; null for delivery. */
  retiro: z.object({ direccion: z.string(), horario: z.string() }).nullable(),
  /** Currency units. valor_total_venta = subtotal − descuento + costo_envio. */
  subtotal: z.number(),
  /** What promotions took off the products; free shipping shows as costo_envio 0 and in promociones. */
  descuento: z.number(),
  costo_envio: z.number(),
  /** The promotions the order got, with what each took off. */
  promociones: z.array(z.object({ codigo: z.string(), descuento: z.number() })),
  valor_total_venta: z.number(),
  monto_reembolsado: z.number(),
  /** The part of monto_reembolsado that gave back the shipping. */
  envio_reembolsado: z.number(),
  /** The account that bought; null: a guest did (decision 085). */
  id_usuario: z.number().int().nullable(),
  /** Who bought a guest's order: for admins, and for the guest through the order's link. */
  invitado: z.object({ email: z.string(), nombre: z.string() }).optional(),
  /** A guest's order, answered to the guest: the token of its signed link (decision 086). */
  acceso: z.string().optional(),
  metodo_pago: z.enum(PAYMENT_METHODS),
  /** An order paid later: until when it waits for its money (ISO); null for a card. */
  vence: z.string().nullable(),
  /** How to pay an order paid later, as the shop said when it was placed; null for a card. */
  instrucciones: z.string().nullable(),
  /** The tax the total includes (decision 058), with its rate in percent; null when the shop shows none. */
  impuesto: z.object({ nombre: z.string(), tasa: z.number(), monto: z.number() }).nullable(),
  pago_marca: z.string().nullable(),
  pago_ultimos4: z.string().nullable(),
  transportista: z.string().nullable(),
  guia: z.string().nullable(),
  /**
   * Admins only: money that arrived after the order was cancelled unpaid (or a second payment of a paid
   * one), which the owner must give back; null when none did.
   */
  pago_tardio: z
    .object({ monto: z.number(), referencia: z.string(), fecha: z.string() })
    .nullable()
    .optional(),
  detalle_venta: z.array(orderLineSchema),
  historial: z.array(orderHistoryEntrySchema),
  /** Refunds the payment system made, oldest first: what each gave back, and when. */
  reembolsos: z.array(orderRefundSchema),
  /**
   * Admins only: refunds the payment system refused, when asked or later (a card closed since): nothing
   * of them was given back, and monto_reembolsado does not count them.
   */
  reembolsos_fallidos: z
    .array(z.object({ monto: z.number(), motivo: z.string().nullable(), fecha: z.string() }))
    .optional(),
  Usuario: z
    .object({
      id_usuario: z.number().int(),
      primer_nombre: z.string(),
      primer_apellido: z.string(),
      email: z.string(),
    })
    .optional(),
});
export type Order = z.infer<typeof orderSchema>;
