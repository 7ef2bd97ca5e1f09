import { z } from 'zod';
import { idSchema } from './catalog';
import { ADMIN_PRODUCTS_PAGE_SIZE, RATINGS_PAGE_SIZE } from './constants';
import { lowStockItemSchema } from './low-stock';
import { pageSchema } from './page-schema';
import { calendarDayFilter } from './sales';
import { ABANDONED_CARTS_PAGE_SIZE } from './saved-cart';
import { singleLineText } from './validation/text';

/*
 * What the admin screens read: the product table's query, the dashboard and the audit trail.
 * Money is in currency units (as in every API answer); the server adds it up in integer cents.
 */

/** Products (variants, for the low ones) of each stock list on the dashboard (the counts cover them all). */
export const DASHBOARD_STOCK_LIST_SIZE = 10;
/** Days of the dashboard's revenue series, today included. */
export const DASHBOARD_DAYS = 30;
export const DASHBOARD_TOP_PRODUCTS = 5;
export const DASHBOARD_RECENT_AUDIT = 10;
export const AUDIT_PAGE_SIZE = 20;
export const ADMIN_MAX_PAGE_SIZE = 100;

/** The actions the audit trail records. */
export const AUDIT_ACTIONS = [
  'producto.creado',
  'producto.editado',
  'producto.desactivado',
  'producto.restaurado',
  'usuario.baneado',
  'usuario.restaurado',
  'usuario.rol',
  'calificacion.ocultada',
  'calificacion.restaurada',
  'pedido.estado',
  'pedido.reembolsado',
  'pedido.reembolso_fallido',
  'pedido.solicitud',
  'ajustes.editados',
  'sinonimo.creado',
  'sinonimo.editado',
  'sinonimo.borrado',
  'promocion.creada',
  'promocion.editada',
  'tienda.editada',
  'pagina.creada',
  'pagina.editada',
  'pagina.borrada',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The entities the trail is about, and how the audit page names them. */
export const AUDIT_ENTITIES = {
  producto: 'Productos',
  usuario: 'Usuarios',
  calificacion: 'Calificaciones',
  pedido: 'Pedidos',
  ajustes: 'Ajustes',
  sinonimo: 'Sinónimos',
  promocion: 'Promociones',
  tienda: 'Tienda',
  pagina: 'Páginas',
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const PAGE = 'La página debe ser un número entero mayor o igual a 1';
const pageSize = (fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `El tamaño de página debe ser un número entero entre 1 y ${ADMIN_MAX_PAGE_SIZE}` })
      .int({ error: `El tamaño de página debe ser un número entero entre 1 y ${ADMIN_MAX_PAGE_SIZE}` })
      .min(1, { error: `El tamaño de página debe ser un número entero entre 1 y ${ADMIN_MAX_PAGE_SIZE}` })
      .max(ADMIN_MAX_PAGE_SIZE, {
        error: `El tamaño de página debe ser un número entero entre 1 y ${ADMIN_MAX_PAGE_SIZE}`,
      })
      .default(fallback),
  );
const page = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: PAGE })
    .int({ error: PAGE })
    .min(1, { error: PAGE })
    .max(100_000, { error: 'La página solicitada no existe' })
    .default(1),
);

/** GET /api/products/admin: every product, by name and by tab (estado), 20 a page. */
export const adminProductQuerySchema = z.object({
  name: z.preprocess(
    blankToUndefined,
    singleLineText().trim().max(100, { error: 'La búsqueda admite como máximo 100 caracteres' }).optional(),
  ),
  /** true: "Productos habilitados"; false: "Productos inactivos"; absent: both. */
  estado: z.preprocess(
    blankToUndefined,
    z
      .enum(['true', 'false'], { error: 'El estado debe ser true o false' })
      .transform((v) => v === 'true')
      .optional(),
  ),
  page,
  pageSize: pageSize(ADMIN_PRODUCTS_PAGE_SIZE),
});
export type AdminProductQuery = z.infer<typeof adminProductQuerySchema>;
export type AdminProductParams = z.input<typeof adminProductQuerySchema>;

/** GET /api/admin/carritos/olvidados: the abandoned carts, latest change first, 20 a page. */
export const abandonedCartsQuerySchema = z.object({ page, pageSize: pageSize(ABANDONED_CARTS_PAGE_SIZE) });
export type AbandonedCartsQuery = z.infer<typeof abandonedCartsQuerySchema>;

/**
 * GET /api/admin/auditoria: newest first; optionally the history of one entity ("producto", 12), and
 * between two days (both included, in the shop's time zone).
 */
export const auditQuerySchema = z
  .object({
    page,
    pageSize: pageSize(AUDIT_PAGE_SIZE),
    entidad: z.preprocess(
      blankToUndefined,
      singleLineText().max(40, { error: 'La entidad admite como máximo 40 caracteres' }).optional(),
    ),
    id_entidad: z.preprocess(blankToUndefined, idSchema.optional()),
    desde: calendarDayFilter('La fecha inicial'),
    hasta: calendarDayFilter('La fecha final'),
  })
  .refine((q) => !q.desde || !q.hasta || q.desde <= q.hasta, {
    error: 'La fecha inicial no puede ser posterior a la final',
    path: ['desde'],
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/**
 * One value a change set, labelled and written as the owner reads it ('Precio': '$24.99' → '$19.99'). A
 * side is null when the value was not there: a creation has no "antes", a deletion no "después", and a
 * value only in "antes" tells what the changed thing was (the stars of a hidden rating).
 */
export const auditChangeSchema = z.object({
  campo: z.string(),
  antes: z.string().nullable(),
  despues: z.string().nullable(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** ISO 8601 instant. */
  fecha: z.string(),
  /** 'producto.editado': what the filters and the code go by, never shown. */
  accion: z.string(),
  /** 'producto', 'usuario', 'calificacion'. */
  entidad: z.string(),
  id_entidad: z.number().int().nullable(),
  /** What was done, as a Spanish sentence: 'Reembolsó el pedido V-000012'. */
  resumen: z.string(),
  /**
   * The words that end `resumen` and name what changed ('V-000012', '«Silla Nórdica»'), which the page
   * links to it; null when the sentence names it already ('Editó los ajustes de la tienda').
   */
  sujeto: z.string().nullable(),
  cambios: z.array(auditChangeSchema),
  /** Who did it; null if that account no longer exists. */
  usuario: z.object({ id_usuario: z.number().int(), nombre: z.string(), email: z.string() }).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = pageSchema(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

/** Paid sales of a period. */
export const salesFiguresSchema = z.object({
  /** Sum of the paid sales, in currency units. */
  ingresos: z.number(),
  ventas: z.number().int(),
  /** ingresos / ventas rounded to the cent; 0 when there were no sales. */
  ticket_promedio: z.number(),
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

const stockItemSchema = z.object({
  id_producto: z.number().int(),
  nombre: z.string(),
  stock: z.number().int(),
});

export const dashboardSchema = z.object({
  /** When the figures were computed (ISO 8601) and the time zone that decides what "a day" is. */
  generado: z.string(),
  zona_horaria: z.string(),
  ventas: z.object({
    hoy: salesFiguresSchema,
    /** Today and the 6 days before it. */
    ultimos_7_dias: salesFiguresSchema,
    /** Today and the 29 days before it. */
    ultimos_30_dias: salesFiguresSchema,
  }),
  /** One entry per day of the last 30, oldest first, days without sales included with zeros. */
  ingresos_por_dia: z.array(z.object({ fecha: z.string(), ingresos: z.number(), ventas: z.number().int() })),
  /** Top products by units of paid sales in the last 30 days. */
  mas_vendidos: z.array(
    z.object({
      id_producto: z.number().int(),
      nombre: z.string(),
      unidades: z.number().int(),
      ingresos: z.number(),
    }),
  ),
  inventario: z.object({
    /** The shop's default low-stock threshold (a variant may have its own). */
    umbral_stock_bajo: z.number().int(),
    /** Active products with no stock: the storefront hides them. */
    agotados: z.number().int(),
    /** Active variants of active products at or below their threshold (low-stock.ts), fewest units first. */
    stock_bajo: z.number().int(),
    lista_agotados: z.array(stockItemSchema),
    lista_stock_bajo: z.array(lowStockItemSchema),
  }),
  clientes: z.object({
    /** Accounts that are not administrators, banned ones included. */
    total: z.number().int(),
    baneados: z.number().int(),
  }),
  auditoria_reciente: z.array(auditEntrySchema),
  /** Paid orders nobody started preparing yet ('pagada'). */
  pedidos_por_preparar: z.number().int(),
  /** Orders waiting for their money ('pendiente_pago', and cash on delivery on its way: 'por_cobrar'). */
  pedidos_por_pagar: z.number().int(),
  /** Orders with money that arrived after they stopped waiting for it, which the owner must give back. */
  pagos_tardios: z.number().int(),
  /** Messages of the outbox given up on after their last attempt (Ajustes › Correos shows why). */
  correos_fallidos: z.number().int(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** GET /api/products/todascalificaciones: every rating, 20 a page; `estado` narrows to shown or hidden. */
export const adminRatingQuerySchema = z.object({
  page,
  pageSize: pageSize(RATINGS_PAGE_SIZE),
  estado: z.preprocess(
    blankToUndefined,
    z
      .enum(['true', 'false'], { error: 'El estado debe ser true o false' })
      .transform((v) => v === 'true')
      .optional(),
  ),
});
export type AdminRatingQuery = z.infer<typeof adminRatingQuerySchema>;

/** A rating as the admin's table shows it: the product's name and the author in full. */
export const adminRatingSchema = z.object({
  id_motivo_calificacion: z.number().int(),
  valor_calificacion: z.number().int(),
  descripcion_motivo: z.string(),
  /** false once an admin hid it. */
  estado: z.boolean(),
  fecha: z.string(),
  id_producto: z.number().int(),
  producto: z.string(),
  id_detalle_venta: z.number().int(),
  /** The account that rated; id_usuario null: a guest, through the order's signed link (decision 093). */
  autor: z.object({ id_usuario: z.number().int().nullable(), nombre: z.string(), email: z.string() }),
});
export type AdminRating = z.infer<typeof adminRatingSchema>;

export const adminRatingPageSchema = pageSchema(adminRatingSchema);
export type AdminRatingPage = z.infer<typeof adminRatingPageSchema>;
