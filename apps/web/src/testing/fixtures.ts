import {
  type Ajustes,
  type ApiError,
  ajustesSchema,
  apiErrorSchema,
  CATEGORIES,
  type Category,
  categorySchema,
  defaultTienda,
  type MailboxItem,
  type MailboxMessage,
  mailboxItemSchema,
  mailboxMessageSchema,
  type Order,
  type OrderLine,
  type OrderSummary,
  type OrderSummaryLine,
  orderLineSchema,
  orderSchema,
  orderSummaryLineSchema,
  orderSummarySchema,
  type Pagina,
  type Product,
  type ProductPage,
  paginaSchema,
  productPageSchema,
  productSchema,
  type Rating,
  ratingSchema,
  type SessionUser,
  type ShopConfig,
  sessionUserSchema,
  shopConfigSchema,
  type Tienda,
  tiendaSchema,
  type Usuario,
  usuarioSchema,
} from '@vitrina/shared';
import type { z } from 'zod';

/*
 * What the API answers in the web tests. Every answer goes through the shared schema the server answers
 * with (its response schema), so a field the API renames, adds or drops fails here, not in production.
 * A test changes what it cares about with `overrides`.
 */

/** An answer the factories below do not cover, checked against its schema all the same. */
export const fixture = <T extends z.ZodType>(schema: T, value: z.input<T>): z.output<T> =>
  schema.parse(value);

/** GET /api/config as the tests' shop answers it: the sandbox takes the payments. */
export const shopConfig = (overrides: Partial<ShopConfig> = {}): ShopConfig =>
  fixture(shopConfigSchema, {
    shopName: 'Vitrina',
    supportEmail: 'soporte@vitrina.local',
    paymentProvider: 'sandbox',
    stripePublishableKey: null,
    timeZone: 'America/Mexico_City',
    moneda: 'USD',
    ...overrides,
  });

/** An API failure: `{ error, message }`, the one error shape of the API. */
export const apiError = (error: string, message: string, fields?: ApiError['fields']): ApiError =>
  fixture(apiErrorSchema, { error, message, ...(fields && { fields }) });

/** The seed's category with this id (packages/shared CATEGORIES). */
export function category(id: number): Category {
  const seeded = CATEGORIES.find((c) => c.id === id);
  if (!seeded) throw new Error(`No category ${id} in the seed`);
  return fixture(categorySchema, {
    id_categoria_producto: id,
    nombre_categoria_producto: seeded.nombre,
    imagen_categoria_producto: `/uploads/categorias/${id}.webp`,
  });
}

/** Product `id`: in stock, at $100.00 with a discount to $80.00, in category 1, with no ratings, one variant. */
export function product(id: number, overrides: Partial<Product> = {}): Product {
  const variant = {
    id_variante: id,
    sku: `VT-${id}`,
    valores: [],
    valor: overrides.valor ?? 100,
    valor_descuento: overrides.valor_descuento === undefined ? 80 : overrides.valor_descuento,
    stock: overrides.stock ?? 10,
    stock_minimo: null,
    imagen: '',
    estado: true,
  };
  return fixture(productSchema, {
    id_producto: id,
    nombre: `Producto ${id}`,
    descripcion_producto: `Descripción larga del producto número ${id}, con todos sus detalles.`,
    valor: 100,
    valor_descuento: 80,
    stock: 10,
    imagen: `/uploads/productos/${id}.webp`,
    imagenes: [{ url: overrides.imagen ?? `/uploads/productos/${id}.webp`, alt: '' }],
    estado: true,
    id_categoria_producto: overrides.Categoria_producto?.id_categoria_producto ?? 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    calificacion_promedio: null,
    calificaciones_total: 0,
    Categoria_producto: category(1),
    opciones: [],
    variantes: [variant],
    precio_varia: false,
    ...overrides,
  });
}

/** A page of products; `total` is the count of all pages' products. */
export const productPage = (
  items: Product[],
  { total = items.length, page = 1, pageSize = 8, ...more }: Partial<Omit<ProductPage, 'items'>> = {},
): ProductPage => fixture(productPageSchema, { items, total, page, pageSize, ...more });

/** A visible rating of product 1. */
export const rating = (overrides: Partial<Rating> = {}): Rating =>
  fixture(ratingSchema, {
    id_motivo_calificacion: 1,
    descripcion_motivo: 'Excelente calidad',
    valor_calificacion: 5,
    id_producto: 1,
    autor: 'Lucía H.',
    fecha: '2026-10-08T15:00:00.000Z',
    dia: '2026-10-08',
    ...overrides,
  });

/** A user as the API shows them: Ana, a customer with a password. */
export const usuario = (overrides: Partial<Usuario> = {}): Usuario =>
  fixture(usuarioSchema, {
    id_usuario: 2,
    primer_nombre: 'Ana',
    primer_apellido: 'López',
    email: 'ana@vitrina.local',
    direccion: 'Avenida Reforma 123',
    telefono: '5512345678',
    imagen: '',
    estado: true,
    admin: false,
    rol: null,
    tiene_password: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });

/** Ana signed in with e-mail and password; `overrides` make her a Google user or an admin. */
export const sessionUser = (overrides: Partial<SessionUser> = {}): SessionUser =>
  fixture(sessionUserSchema, { ...usuario(), login: 'database', ...overrides });

/** One line of a sale: 2 × product 5 at $15.90, not rated yet. */
export const saleLine = (overrides: Partial<OrderSummaryLine> = {}): OrderSummaryLine =>
  fixture(orderSummaryLineSchema, {
    id_detalle_venta: 9,
    id_venta: 7,
    id_producto: 5,
    cantidad: 2,
    valor_unitario: 15.9,
    valor_total_cantidad: 31.8,
    descuento: 0,
    comentado: false,
    id_variante: 5,
    variante: '',
    sku: 'VT-5',
    Producto: { id_producto: 5, nombre: 'Camiseta', imagen: '/uploads/productos/5.webp' },
    ...overrides,
  });

/** OrderSummary 7 of Ana, paid by Visa •••• 4242, with no lines unless `overrides` give them. */
export const sale = (overrides: Partial<OrderSummary> = {}): OrderSummary =>
  fixture(orderSummarySchema, {
    id_venta: 7,
    fecha: '2026-03-01T10:00:00.000Z',
    estado: 'pagada',
    valor_total_venta: 25,
    id_usuario: 2,
    id_pago: 'pm_1',
    metodo_pago: 'tarjeta',
    vence: null,
    pago_marca: 'visa',
    pago_ultimos4: '4242',
    numero_pedido: 'V-000007',
    costo_envio: 0,
    descuento: 0,
    promociones: [],
    transportista: null,
    guia: null,
    metodo_envio: 'domicilio',
    detalle_venta: [],
    ...overrides,
  });

/** A line of an order: 2 × product 5 at $15.90, nothing refunded, not rated yet. */
export const orderLine = (overrides: Partial<OrderLine> = {}): OrderLine =>
  fixture(orderLineSchema, { ...saleLine(), cantidad_reembolsada: 0, ...overrides });

/**
 * Order V-000007 (sale 7) of Ana as GET /api/venta/:id answers it: paid by Visa •••• 4242, one line of
 * $31.80 plus $5.00 shipping, to her address.
 */
export const order = (overrides: Partial<Order> = {}): Order =>
  fixture(orderSchema, {
    id_venta: 7,
    fecha: '2026-03-01T10:00:00.000Z',
    numero_pedido: 'V-000007',
    estado: 'pagada',
    direccion_envio: {
      nombre: 'Ana López',
      direccion: 'Calle Durango 120, Roma Norte',
      telefono: '5512345678',
    },
    metodo_envio: 'domicilio',
    retiro: null,
    subtotal: 31.8,
    descuento: 0,
    costo_envio: 5,
    promociones: [],
    valor_total_venta: 36.8,
    monto_reembolsado: 0,
    envio_reembolsado: 0,
    id_usuario: 2,
    metodo_pago: 'tarjeta',
    vence: null,
    instrucciones: null,
    impuesto: null,
    pago_marca: 'visa',
    pago_ultimos4: '4242',
    transportista: null,
    guia: null,
    detalle_venta: [orderLine()],
    historial: [{ estado: 'pagada', fecha: '2026-03-01T10:00:00.000Z' }],
    reembolsos: [],
    ...overrides,
  });

/** GET /api/ajustes: free shipping (the shop's default) unless `overrides` set a rate. */
export const ajustes = (overrides: Partial<Ajustes> = {}): Ajustes =>
  fixture(ajustesSchema, { envio_tarifa: 0, envio_gratis_desde: null, ...overrides });

/** A delivered order confirmation in the admin mailbox. */
export const mailboxItem = (overrides: Partial<MailboxItem> = {}): MailboxItem =>
  fixture(mailboxItemSchema, {
    id: 3,
    to: 'ana@ejemplo.mx',
    kind: 'pedido_confirmado',
    subject: 'Tu pedido V-000007 está confirmado',
    estado: 'enviado',
    intentos: 1,
    ultimo_error: null,
    creado: '2026-03-01T10:00:01.000Z',
    enviado: '2026-03-01T10:00:02.000Z',
    ...overrides,
  });

export const mailboxMessage = (overrides: Partial<MailboxMessage> = {}): MailboxMessage =>
  fixture(mailboxMessageSchema, {
    ...mailboxItem(),
    html: '<h1>Gracias por tu compra</h1><p>Pedido V-000007</p>',
    text: 'Gracias por tu compra\nPedido V-000007',
    ...overrides,
  });

/** GET /api/ajustes/tienda: a shop whose owner saved nothing yet ('Vitrina', the theme's colours). */
export const tienda = (overrides: Partial<Tienda> = {}): Tienda =>
  fixture(tiendaSchema, { ...defaultTienda('Vitrina'), ...overrides });

/** GET /api/paginas/:slug: one of the shop's pages, its HTML as the server renders its Markdown. */
export const pagina = (overrides: Partial<Pagina> = {}): Pagina =>
  fixture(paginaSchema, {
    slug: 'terminos',
    titulo: 'Términos de uso',
    contenido: '# Tu cuenta\n\nPara comprar necesitas una cuenta.',
    html: '<h2>Tu cuenta</h2>\n<p>Para comprar necesitas una cuenta.</p>\n',
    fija: true,
    actualizada: null,
    ...overrides,
  });
