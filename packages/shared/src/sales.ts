import { z } from 'zod';
import { DAY_PATTERN, DAY_RANGE_ERROR, isCalendarDay } from './calendar-day';
import { idSchema } from './catalog';
import {
  CART_MAX_ITEMS,
  CART_MAX_UNITS_PER_PRODUCT,
  SALES_MAX_PAGE_SIZE,
  SALES_PAGE_SIZE,
} from './constants';
import { guestSchema } from './guest-checkout';
import {
  direccionEnvioSchema,
  ORDER_STATES,
  type OrderState,
  orderLineSchema,
  PLACED_ORDER_STATES,
} from './orders';
import { PAYMENT_METHODS } from './payment-methods';
import { couponField } from './promotions';
import { SHIPPING_METHODS, shippingMethodField } from './shipping-zones';
import { recordId } from './validation/record-id';
import { singleLineText } from './validation/text';

const lineSchema = z.object({
  id_producto: recordId('Producto inválido'),
  /** Required when the product has options (the server knows); may be left out for one variant. */
  id_variante: recordId('Variante inválida').optional(),
  cantidad: z
    .number({ error: 'La cantidad debe ser un número entero' })
    .int({ error: 'La cantidad debe ser un número entero' })
    .min(1, { error: 'La cantidad mínima es 1' })
    .max(CART_MAX_UNITS_PER_PRODUCT, { error: `Solo ${CART_MAX_UNITS_PER_PRODUCT} unidades por compra` }),
});

/** A line of `detalle_venta` as a client sends it. */
export type SaleLine = z.input<typeof lineSchema>;

/** A cart's line as `detalle_venta` takes it: the variant only when the line has one. */
export const toSaleLine = ({
  id_producto,
  id_variante,
  cantidad,
}: {
  id_producto: number;
  id_variante?: number | undefined;
  cantidad: number;
}): SaleLine => ({ id_producto, cantidad, ...(id_variante !== undefined && { id_variante }) });

const unitsPerProduct = (lines: ReadonlyArray<{ id_producto: number; cantidad: number }>) => {
  const units = new Map<number, number>();
  for (const line of lines) units.set(line.id_producto, (units.get(line.id_producto) ?? 0) + line.cantidad);
  return units;
};

/**
 * POST /api/venta. Only the products, quantities and payment method are trusted. SPEC's other fields may
 * come along: `valor_total_venta` (the total the shopper saw, × 100) is compared with the server's to
 * detect changed prices; fecha and id_usuario are ignored.
 */
export const checkoutSchema = z
  .object({
    detalle_venta: z
      .array(lineSchema, { error: 'El carrito está vacío' })
      .min(1, { error: 'El carrito está vacío' })
      .refine(
        (lines) => new Set(lines.map((l) => `${l.id_producto}:${l.id_variante}`)).size === lines.length,
        {
          error: 'Un producto aparece dos veces en el carrito',
        },
      )
      // SPEC's cap is per product: all its variants together.
      .refine((lines) => [...unitsPerProduct(lines).values()].every((n) => n <= CART_MAX_UNITS_PER_PRODUCT), {
        error: `Solo ${CART_MAX_UNITS_PER_PRODUCT} unidades por compra`,
      })
      .refine((lines) => lines.reduce((n, l) => n + l.cantidad, 0) <= CART_MAX_ITEMS, {
        error: `Solo puedes llevar ${CART_MAX_ITEMS} productos por compra`,
      }),
    /** How the shopper pays (decision 056); today's clients send none and pay by card. */
    metodo_pago: z
      .enum(PAYMENT_METHODS, { error: `El medio de pago debe ser uno de: ${PAYMENT_METHODS.join(', ')}` })
      .default('tarjeta'),
    /** The card's payment method at the provider: required for a card, ignored otherwise. */
    id_pago: singleLineText({ error: 'Falta el medio de pago' })
      .min(1, { error: 'Falta el medio de pago' })
      .max(255, { error: 'El medio de pago no es válido' })
      .optional(),
    valor_total_venta: z.number().int().nonnegative().optional(),
    /** The shipping the shopper saw, in cents too: a refused total then says whether only the shipping changed. */
    costo_envio: z.number().int().nonnegative().optional(),
    /** Delivered to the address (today's clients send none), or picked up at the store (decision 082). */
    metodo_envio: shippingMethodField,
    /**
     * Who receives the order, where: stored with the sale, so later profile changes never change it.
     * Required for delivery; pickup needs none.
     */
    direccion_envio: direccionEnvioSchema.optional(),
    /** The discount code the shopper typed in the cart; the server decides what it takes off. */
    cupon: couponField,
    /** Also keep the address and phone in the buyer's profile, for the next purchase. */
    guardar_direccion: z
      .boolean({ error: 'Indica con sí o no si guardamos la dirección en tu perfil' })
      .optional(),
    /** A visitor buying without an account (decision 085); ignored when signed in. */
    invitado: guestSchema.optional(),
  })
  .refine((input) => input.metodo_pago !== 'tarjeta' || input.id_pago !== undefined, {
    error: 'Falta el medio de pago',
    path: ['id_pago'],
  })
  .refine((input) => input.metodo_envio === 'retiro' || input.direccion_envio !== undefined, {
    error: 'Falta la dirección de envío',
    path: ['direccion_envio'],
  });
export type CheckoutInput = z.infer<typeof checkoutSchema>;
/** What a client sends: `metodo_pago` may be left out (a card). */
export type CheckoutRequest = z.input<typeof checkoutSchema>;

/** An order's line as the purchase history lists it: the refunded units are the order page's. */
export const orderSummaryLineSchema = orderLineSchema.omit({ cantidad_reembolsada: true });

export const orderSummarySchema = z.object({
  id_venta: z.number().int(),
  fecha: z.string(),
  estado: z.enum(ORDER_STATES),
  /** In currency units; the provider is charged the same amount in cents. */
  valor_total_venta: z.number(),
  /** The account that bought; null: a guest did (decision 085). */
  id_usuario: z.number().int().nullable(),
  /** Who bought a guest's order: for admins, and for the guest through the order's link. */
  invitado: z.object({ email: z.string(), nombre: z.string() }).optional(),
  /** A guest's order, answered to the guest: the token of its signed link (decision 086). */
  acceso: z.string().optional(),
  id_pago: z.string(),
  metodo_pago: z.enum(PAYMENT_METHODS),
  /** An order paid later: until when its stock is reserved (ISO); null for a card. */
  vence: z.string().nullable(),
  pago_marca: z.string().nullable(),
  pago_ultimos4: z.string().nullable(),
  /** 'V-000123' once paid, or once placed to be paid later (orders.ts formatOrderNumber). */
  numero_pedido: z.string().nullable(),
  /** Currency units, included in valor_total_venta. */
  costo_envio: z.number(),
  /** What promotions took off the products (free shipping shows as costo_envio 0 and in promociones). */
  descuento: z.number(),
  /** The promotions the order got, with what each took off. */
  promociones: z.array(z.object({ codigo: z.string(), descuento: z.number() })),
  transportista: z.string().nullable(),
  guia: z.string().nullable(),
  metodo_envio: z.enum(SHIPPING_METHODS),
  Usuario: z
    .object({
      id_usuario: z.number().int(),
      primer_nombre: z.string(),
      primer_apellido: z.string(),
      email: z.string(),
    })
    .optional(),
  detalle_venta: z.array(orderSummaryLineSchema),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export type OrderSummaryLine = z.infer<typeof orderSummaryLineSchema>;

/**
 * POST /api/venta's 201 for a method paid later: the order 'pendiente_pago', until when its stock is
 * reserved, how to pay, and for Mercado Pago where to send the shopper.
 */
export const pendingPaymentSchema = orderSummarySchema.extend({
  vence: z.string(),
  instrucciones: z.string(),
  redirect_url: z.string().optional(),
});
export type PendingPayment = z.infer<typeof pendingPaymentSchema>;

/**
 * What the shopper is told when the card was charged but the database could not record the order yet:
 * the server records it by itself within seconds (docs/decisions/052), so there is nothing to retry.
 * The checkout's 202 says it, and so does the order's page until the order is paid.
 */
export const PAYMENT_RECEIVED =
  'Recibimos tu pago. Estamos registrando tu pedido: aparecerá en tu historial de compras en unos momentos.';

/** POST /api/venta's (and its confirmation's) 202 for such an order: still 'pendiente', with the message. */
export const paymentReceivedSchema = orderSummarySchema.extend({
  pago_recibido: z.object({ message: z.string() }),
});
export type PaymentReceived = z.infer<typeof paymentReceivedSchema>;

/** An optional day filter of a query string ('' = none), e.g. `calendarDayFilter('La fecha inicial')`. */
export const calendarDayFilter = (label: string) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    singleLineText()
      .regex(DAY_PATTERN, { error: `${label} debe tener el formato AAAA-MM-DD` })
      .refine((value) => !DAY_PATTERN.test(value) || isCalendarDay(value), {
        error: `${label} no es una fecha válida`,
      })
      .optional(),
  );

/**
 * The sales history's state filter. A failed or unfinished attempt is not a sale: the history lists the
 * orders ('pedidos': every sale paid or placed to be paid later, whatever became of it since) unless the
 * admin asks for one state, for every attempt ('todas'), for the orders still waiting for their money
 * ('por_pagar': at home or travelling to be paid on delivery) or for those whose money came too late
 * ('pago_tardio', to give back). Customers see their orders only.
 */
export const ORDER_STATE_FILTERS = ['pedidos', 'por_pagar', 'pago_tardio', ...ORDER_STATES, 'todas'] as const;
export type OrderStateFilter = (typeof ORDER_STATE_FILTERS)[number];
export const ORDER_STATE_FILTER_DEFAULT = 'pedidos' satisfies OrderStateFilter;
/** The orders that wait for their money: what the dashboard counts as 'por pagar'. */
export const AWAITING_PAYMENT_STATES = [
  'pendiente_pago',
  'por_cobrar',
] as const satisfies readonly OrderState[];
/** The states each filter value lists ('pago_tardio' narrows further to the flagged ones); null = every attempt. */
export const statesOfFilter = (filtro: OrderStateFilter): readonly OrderState[] | null =>
  filtro === 'todas'
    ? null
    : filtro === 'pedidos' || filtro === 'pago_tardio'
      ? PLACED_ORDER_STATES
      : filtro === 'por_pagar'
        ? AWAITING_PAYMENT_STATES
        : [filtro];
export const ORDERS_SEARCH_MAX = 254;

const ESTADO_ERROR = `El estado debe ser uno de: ${ORDER_STATE_FILTERS.join(', ')}`;
const estadoFilter = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.enum(ORDER_STATE_FILTERS, { error: ESTADO_ERROR }).default(ORDER_STATE_FILTER_DEFAULT),
);
const PAGE_ERROR = 'La página debe ser un número entero mayor o igual a 1';
const PAGE_SIZE_ERROR = `El tamaño de página debe ser un número entero entre 1 y ${SALES_MAX_PAGE_SIZE}`;

/** GET /api/venta: a page of sales, optionally between two days (both included); paid ones unless `estado` says otherwise. */
export const ordersQuerySchema = z.object({
  page: z.coerce
    .number({ error: PAGE_ERROR })
    .int({ error: PAGE_ERROR })
    .min(1, { error: PAGE_ERROR })
    .max(100_000, { error: 'La página solicitada no existe' })
    .default(1),
  pageSize: z.coerce
    .number({ error: PAGE_SIZE_ERROR })
    .int({ error: PAGE_SIZE_ERROR })
    .min(1, { error: PAGE_SIZE_ERROR })
    .max(SALES_MAX_PAGE_SIZE, { error: PAGE_SIZE_ERROR })
    .default(SALES_PAGE_SIZE),
  desde: calendarDayFilter('La fecha inicial'),
  hasta: calendarDayFilter('La fecha final'),
  estado: estadoFilter,
  /** An admin's search: an order number ('V-000123', '123') or the buyer's e-mail (part of it). */
  q: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    singleLineText()
      .max(ORDERS_SEARCH_MAX, { error: `La búsqueda puede tener hasta ${ORDERS_SEARCH_MAX} caracteres` })
      .transform((v) => v.trim())
      .optional(),
  ),
  /** An admin's filter: one customer's orders (their page in Gestionar usuarios). */
  cliente: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    idSchema.optional(),
  ),
});

/** GET /api/venta/clientes/:id: a customer's orders in figures, for their page in the admin. */
export const customerOrdersSummarySchema = z.object({
  /** Paid orders, cancelled and refunded ones included. */
  pedidos: z.number().int(),
  /** What they paid minus what was given back, in currency units. */
  total_gastado: z.number(),
  /** When their latest paid order was placed (ISO), or null. */
  ultimo_pedido: z.string().nullable(),
});
export type CustomerOrdersSummary = z.infer<typeof customerOrdersSummarySchema>;

/** GET /api/venta/export.csv: the sales between two days (both included); paid ones unless `estado` says otherwise. */
export const ordersExportQuerySchema = z
  .object({
    desde: calendarDayFilter('La fecha inicial'),
    hasta: calendarDayFilter('La fecha final'),
    estado: estadoFilter,
  })
  .refine((q) => !q.desde || !q.hasta || q.desde <= q.hasta, {
    error: DAY_RANGE_ERROR,
    path: ['desde'],
  });

/** POST /api/carrito/cotizar: the cart priced as POST /api/venta would price it now. */
export const cartQuoteSchema = z.object({
  detalle_venta: checkoutSchema.shape.detalle_venta,
  cupon: couponField,
  /** Where it goes: the shipping is the rate of `region` (the rest of the country's without one), or 0 for pickup. */
  metodo_envio: shippingMethodField,
  region: direccionEnvioSchema.shape.region,
  /** The address as typed so far, as POST /api/venta takes it: only its region prices the shipping. */
  direccion_envio: z.looseObject({ region: direccionEnvioSchema.shape.region }).optional(),
});
export type CartQuoteInput = z.infer<typeof cartQuoteSchema>;

export const cartQuoteReplySchema = z.object({
  subtotal: z.number(),
  descuento: z.number(),
  envio: z.number(),
  total: z.number(),
  /** The code typed: applied, or why not (null when none was typed). */
  cupon: z.object({ aplicado: z.boolean(), motivo: z.string().nullable() }).nullable(),
  promociones: z.array(z.object({ codigo: z.string(), descuento: z.number() })),
});
export type CartQuote = z.infer<typeof cartQuoteReplySchema>;
