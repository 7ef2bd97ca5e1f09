import {
  LOGIN_TYPES,
  MAIL_STATES,
  ORDER_REQUEST_STATES,
  ORDER_REQUEST_TYPES,
  ORDER_STATES,
  PAYMENT_METHODS,
  type PaymentMethodSettings,
  PROMOTION_TYPES,
  type ProductOption,
  SHIPPING_METHODS,
  type ShippingZone,
  STAFF_ROLES,
} from '@vitrina/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/*
 * The whole data model of DESIGN.md. Column names follow SPEC §3 so the API needs no renaming.
 * Money is numeric(12,2) here and integer cents in TypeScript (see @vitrina/shared pricing).
 */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const usuario = pgTable(
  'usuario',
  {
    id_usuario: serial('id_usuario').primaryKey(),
    primer_nombre: varchar('primer_nombre', { length: 50 }).notNull(),
    primer_apellido: varchar('primer_apellido', { length: 50 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    direccion: varchar('direccion', { length: 101 }).notNull(),
    telefono: varchar('telefono', { length: 25 }).notNull(),
    imagen: text('imagen').notNull().default(''),
    estado: boolean('estado').notNull().default(true),
    admin: boolean('admin').notNull().default(false),
    /** A staff member's role (docs/decisions/071-staff-roles.md); null for the owner and customers. */
    rol: varchar('rol', { length: 10, enum: STAFF_ROLES }),
    /** Staff (or the owner) who asked for an e-mail of each new paid order (decision 083). */
    avisos_pedidos: boolean('avisos_pedidos').notNull().default(false),
    /** Null for accounts that only ever signed in with Google. */
    password_hash: text('password_hash'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('usuario_email_key').on(t.email),
    check('usuario_email_lower', sql`${t.email} = lower(${t.email})`),
    check('usuario_rol', sql`${t.rol} IN ('encargado', 'ventas') AND NOT ${t.admin} OR ${t.rol} IS NULL`),
  ],
);

export const identidadExterna = pgTable(
  'identidad_externa',
  {
    id: serial('id').primaryKey(),
    proveedor: varchar('proveedor', { length: 20 }).notNull(),
    /** The issuer's `sub` claim. */
    sujeto: varchar('sujeto', { length: 255 }).notNull(),
    id_usuario: integer('id_usuario')
      .notNull()
      .references(() => usuario.id_usuario, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('identidad_externa_proveedor_sujeto_key').on(t.proveedor, t.sujeto),
    index('identidad_externa_usuario_idx').on(t.id_usuario),
  ],
);

export const sesion = pgTable(
  'sesion',
  {
    /** sha-256 of the cookie token: a stolen table does not yield usable cookies. */
    id: varchar('id', { length: 64 }).primaryKey(),
    id_usuario: integer('id_usuario')
      .notNull()
      .references(() => usuario.id_usuario, { onDelete: 'cascade' }),
    creada: timestamp('creada', { withTimezone: true }).notNull().defaultNow(),
    expira: timestamp('expira', { withTimezone: true }).notNull(),
    ultimo_uso: timestamp('ultimo_uso', { withTimezone: true }).notNull().defaultNow(),
    /** How this session signed in: 'database' (password) or 'google'. */
    metodo: varchar('metodo', { length: 10, enum: LOGIN_TYPES }).notNull().default('database'),
    user_agent: varchar('user_agent', { length: 512 }),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [index('sesion_usuario_idx').on(t.id_usuario), index('sesion_expira_idx').on(t.expira)],
);

/** Failed sign-in counters per account and per address; in the database so every process shares them. */
/** Password-reset links (POST /api/usuario/recuperar): single use, one hour, only their hash kept. */
export const recuperacionPassword = pgTable(
  'recuperacion_password',
  {
    /** sha-256 of the link's token, like sesion.id: a stolen table yields no usable link. */
    token_hash: varchar('token_hash', { length: 64 }).primaryKey(),
    id_usuario: integer('id_usuario')
      .notNull()
      .references(() => usuario.id_usuario, { onDelete: 'cascade' }),
    creado: timestamp('creado', { withTimezone: true }).notNull().defaultNow(),
    expira: timestamp('expira', { withTimezone: true }).notNull(),
    usado: timestamp('usado', { withTimezone: true }),
  },
  (t) => [index('recuperacion_password_usuario_idx').on(t.id_usuario)],
);

/** The owner's invitations to join the staff (POST /api/personal): single use, a week, only their hash kept. */
export const invitacionPersonal = pgTable(
  'invitacion_personal',
  {
    id: serial('id').primaryKey(),
    /** sha-256 of the link's token, like recuperacion_password: a stolen table yields no usable link. */
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
    /** Who may accept it: the account with this e-mail, signed in. */
    email: varchar('email', { length: 254 }).notNull(),
    rol: varchar('rol', { length: 10, enum: STAFF_ROLES }).notNull(),
    creada: timestamp('creada', { withTimezone: true }).notNull().defaultNow(),
    expira: timestamp('expira', { withTimezone: true }).notNull(),
    /** When it was accepted, and by which account; a used invitation opens nothing more. */
    aceptada: timestamp('aceptada', { withTimezone: true }),
    id_usuario: integer('id_usuario').references(() => usuario.id_usuario, { onDelete: 'cascade' }),
  },
  (t) => [index('invitacion_personal_email_idx').on(t.email)],
);

export const intentoLogin = pgTable('intento_login', {
  /** 'email:<address>' or 'ip:<address>'; password-reset requests count under 'recuperar:…'. */
  clave: varchar('clave', { length: 320 }).primaryKey(),
  fallos: integer('fallos').notNull().default(0),
  ventana_inicio: timestamp('ventana_inicio', { withTimezone: true }).notNull().defaultNow(),
  bloqueado_hasta: timestamp('bloqueado_hasta', { withTimezone: true }),
});

export const categoriaProducto = pgTable('categoria_producto', {
  id_categoria_producto: serial('id_categoria_producto').primaryKey(),
  nombre_categoria_producto: varchar('nombre_categoria_producto', { length: 60 }).notNull().unique(),
  imagen_categoria_producto: text('imagen_categoria_producto').notNull(),
});

export const producto = pgTable(
  'producto',
  {
    id_producto: serial('id_producto').primaryKey(),
    nombre: varchar('nombre', { length: 120 }).notNull(),
    descripcion_producto: text('descripcion_producto').notNull(),
    valor: money('valor').notNull(),
    valor_descuento: money('valor_descuento'),
    /** What the shopper pays; price filters and price order read it. */
    precio_efectivo: money('precio_efectivo')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(valor_descuento, valor)`),
    stock: integer('stock').notNull().default(0),
    imagen: text('imagen').notNull(),
    estado: boolean('estado').notNull().default(true),
    /**
     * What the public may see of the catalog: on sale and in stock. Stored, as the predicate of the listing
     * indexes, so that a sale which leaves the product in stock changes no indexed column and PostgreSQL
     * updates the row in place (HOT) instead of writing it into every index (migration 0037).
     */
    visible: boolean('visible').notNull().generatedAlwaysAs(sql`estado AND stock > 0`),
    id_categoria_producto: integer('id_categoria_producto')
      .notNull()
      .references(() => categoriaProducto.id_categoria_producto),
    created_at: createdAt(),
    /**
     * The name as search and name order compare it: accent-free, lower case. Stored, because a search
     * rechecks thousands of candidate names and unaccenting each one again was most of its time.
     */
    nombre_normalizado: text('nombre_normalizado')
      .notNull()
      .generatedAlwaysAs(sql`f_unaccent(lower(nombre))`),
    /** Accent-free Spanish stems of the name: the admin's product search (plurals, accents). */
    busqueda: tsvector('busqueda')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('spanish'::regconfig, f_unaccent(nombre))`),
    /**
     * The accent-free words of the name, description and option values as written (no stems, migrations
     * 0018 and 0023): what the shop's search matches. The name's own words (busqueda_nombre) rank and suggest.
     */
    busqueda_completa: tsvector('busqueda_completa')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('simple'::regconfig, regexp_replace(f_unaccent(lower(nombre || ' ' || descripcion_producto || ' ' || opciones_texto)), '[^a-z0-9]+', ' ', 'g'))`,
      ),
    busqueda_nombre: tsvector('busqueda_nombre')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('simple'::regconfig, regexp_replace(f_unaccent(lower(nombre)), '[^a-z0-9]+', ' ', 'g'))`,
      ),
    /**
     * Units sold in orders paid and not cancelled or refunded: search's last tiebreak. The orders' triggers
     * queue them in unidades_por_contar and the catalog's loop counts them in (migration 0036).
     */
    unidades_vendidas: integer('unidades_vendidas').notNull().default(0),
    /** Visible ratings, kept in step with motivo_calificacion so listings need no aggregate query. */
    calificacion_suma: integer('calificacion_suma').notNull().default(0),
    calificacion_cantidad: integer('calificacion_cantidad').notNull().default(0),
    /** Up to three options ({ nombre, valores }), in the order a variant's `valores` follow them. */
    opciones: jsonb('opciones').$type<ProductOption[]>().notNull().default([]),
    /** The active variants' prices differ: a card says 'Desde $…'. Kept by the variant trigger. */
    precio_varia: boolean('precio_varia').notNull().default(false),
    /** The option names and the active variants' values, for search. Kept by the variant trigger. */
    opciones_texto: text('opciones_texto').notNull().default(''),
  },
  (t) => [
    check('producto_valor_positivo', sql`${t.valor} > 0`),
    check(
      'producto_descuento_valido',
      sql`${t.valor_descuento} IS NULL OR (${t.valor_descuento} > 0 AND ${t.valor_descuento} < ${t.valor})`,
    ),
    check('producto_stock_no_negativo', sql`${t.stock} >= 0`),
    index('producto_categoria_idx').on(t.id_categoria_producto),
    index('producto_busqueda_idx').using('gin', t.busqueda),
    index('producto_busqueda_completa_idx').using('gin', t.busqueda_completa),
    index('producto_nombre_trgm_idx').using('gin', sql`${t.nombre_normalizado} gin_trgm_ops`),
    /*
     * Public listings (docs/decisions/009-catalog-indexes.md): one index per order, over the visible
     * products only, in the exact expressions of the catalog's ORDER BY and ending with the id tiebreak,
     * for the whole catalog and behind a category. A page is then the first entries of one index, and the
     * total an index-only count. The id index carries valor_descuento (the discount filter's count). The predicate is the stored
     * `visible`, not stock itself: a sale that leaves a product in stock writes none of these indexes.
     */
    index('producto_visible_id_idx').on(t.id_producto, t.valor_descuento).where(sql`${t.visible}`),
    index('producto_visible_nombre_idx').on(t.nombre_normalizado, t.id_producto).where(sql`${t.visible}`),
    index('producto_visible_precio_idx').on(t.precio_efectivo, t.id_producto).where(sql`${t.visible}`),
    index('producto_visible_recientes_idx').on(t.created_at, t.id_producto).where(sql`${t.visible}`),
    index('producto_visible_categoria_id_idx')
      .on(t.id_categoria_producto, t.id_producto)
      .where(sql`${t.visible}`),
    index('producto_visible_categoria_nombre_idx')
      .on(t.id_categoria_producto, t.nombre_normalizado, t.id_producto)
      .where(sql`${t.visible}`),
    index('producto_visible_categoria_precio_idx')
      .on(t.id_categoria_producto, t.precio_efectivo, t.id_producto)
      .where(sql`${t.visible}`),
    index('producto_visible_categoria_recientes_idx')
      .on(t.id_categoria_producto, t.created_at, t.id_producto)
      .where(sql`${t.visible}`),
    index('producto_visible_vendidos_idx')
      .on(t.unidades_vendidas.desc(), t.id_producto)
      .where(sql`${t.visible}`),
    // The public search's matches (migration 0012); producto_busqueda_completa_idx serves the admin's.
    index('producto_visible_busqueda_idx').using('gin', t.busqueda_completa).where(sql`${t.visible}`),
    index('producto_visible_busqueda_nombre_idx').using('gin', t.busqueda_nombre).where(sql`${t.visible}`),
  ],
);

/**
 * Units sold (or, negative, given back by a cancelled sold order) not yet counted in
 * producto.unidades_vendidas: written by the orders' triggers, emptied by the catalog's loop
 * (modules/catalog/units-sold.ts, decision 107). No key to producto: a foreign key check would wait on a
 * product a checkout holds.
 */
export const unidadesPorContar = pgTable('unidades_por_contar', {
  id_producto: integer('id_producto').notNull(),
  cantidad: integer('cantidad').notNull(),
});

/**
 * One combination of a product's option values (docs/decisions/074-variants.md), owned by modules/catalog.
 * Stock and prices live here; triggers (migration 0023) keep the product's stock, valor and
 * valor_descuento as their mirror and give a product committed without variants its one variant.
 */
export const variante = pgTable(
  'variante',
  {
    id_variante: serial('id_variante').primaryKey(),
    id_producto: integer('id_producto')
      .notNull()
      .references(() => producto.id_producto, { onDelete: 'cascade' }),
    /** Unique in the shop, whatever its case; one left empty becomes 'VT-<id>'. */
    sku: varchar('sku', { length: 40 }).notNull(),
    /** One value per product option, in the options' order; [] for a product without options. */
    valores: jsonb('valores').$type<string[]>().notNull().default([]),
    valor: money('valor').notNull(),
    valor_descuento: money('valor_descuento'),
    stock: integer('stock').notNull().default(0),
    /** Its own low-stock threshold (migration 0030); null: the shop's default, ajustes.stock_minimo. */
    stock_minimo: integer('stock_minimo'),
    /** A picture of the product's (a URL of the shop); '' shows the product's. */
    imagen: text('imagen').notNull().default(''),
    estado: boolean('estado').notNull().default(true),
  },
  (t) => [
    uniqueIndex('variante_sku_key').on(sql`lower(${t.sku})`),
    uniqueIndex('variante_producto_valores_key').on(t.id_producto, t.valores),
    check('variante_valor_positivo', sql`${t.valor} > 0`),
    check(
      'variante_descuento_valido',
      sql`${t.valor_descuento} IS NULL OR (${t.valor_descuento} > 0 AND ${t.valor_descuento} < ${t.valor})`,
    ),
    check('variante_stock_no_negativo', sql`${t.stock} >= 0`),
    check(
      'variante_stock_minimo_valido',
      sql`${t.stock_minimo} IS NULL OR ${t.stock_minimo} BETWEEN 0 AND 10000`,
    ),
  ],
);

/**
 * A product's photos in order (migration 0024): photo 1 is also `producto.imagen`, which every listing,
 * order and search answer reads. `tamanos` says its smaller WebP sizes are stored (uploads/photo-sizes.ts).
 */
export const productoImagen = pgTable(
  'producto_imagen',
  {
    id_producto_imagen: serial('id_producto_imagen').primaryKey(),
    id_producto: integer('id_producto')
      .notNull()
      .references(() => producto.id_producto, { onDelete: 'cascade' }),
    posicion: smallint('posicion').notNull(),
    url: text('url').notNull(),
    alt: varchar('alt', { length: 200 }).notNull().default(''),
    tamanos: boolean('tamanos').notNull().default(false),
  },
  (t) => [
    unique('producto_imagen_posicion_unica').on(t.id_producto, t.posicion),
    check('producto_imagen_posicion', sql`${t.posicion} BETWEEN 1 AND 10`),
    index('producto_imagen_url_idx').on(t.url),
    index('producto_imagen_sin_tamanos_idx').on(t.id_producto_imagen).where(sql`NOT ${t.tamanos}`),
  ],
);

export const venta = pgTable(
  'venta',
  {
    id_venta: serial('id_venta').primaryKey(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
    valor_total_venta: money('valor_total_venta').notNull(),
    /** The account that bought; null for a guest's order (decision 085). */
    id_usuario: integer('id_usuario').references(() => usuario.id_usuario),
    /** A guest's order: the e-mail (lower case) and name typed at checkout; null for an account's. */
    email_invitado: varchar('email_invitado', { length: 254 }),
    nombre_invitado: varchar('nombre_invitado', { length: 50 }),
    /** The payment provider's payment method id. */
    id_pago: varchar('id_pago', { length: 255 }).notNull(),
    estado: varchar('estado', { length: 16, enum: ORDER_STATES }).notNull().default('pendiente'),
    /** How the shopper pays (decision 056): a card now, or later by another method. */
    metodo_pago: varchar('metodo_pago', { length: 20, enum: PAYMENT_METHODS }).notNull().default('tarjeta'),
    /** An order paid later: cancelled unpaid ('anulada') once this passes, its stock back on the shelf. */
    vence: timestamp('vence', { withTimezone: true }),
    /** How to pay an order paid later, as the owner wrote it when it was placed. */
    pago_instrucciones: text('pago_instrucciones'),
    /** The tax its total includes when it was placed (decision 058); null: none shown. Rate in basis points. */
    impuesto_nombre: varchar('impuesto_nombre', { length: 20 }),
    impuesto_tasa: integer('impuesto_tasa'),
    /**
     * Money that arrived after the order was cancelled unpaid (or a second payment of a paid order): the
     * owner gives it back. Recorded once, from the first such payment.
     */
    pago_tardio_monto: money('pago_tardio_monto'),
    pago_tardio_referencia: varchar('pago_tardio_referencia', { length: 255 }),
    pago_tardio_fecha: timestamp('pago_tardio_fecha', { withTimezone: true }),
    /** The client's Idempotency-Key: a retried request returns the first sale. */
    idempotency_key: varchar('idempotency_key', { length: 255 }).notNull(),
    /**
     * SHA-256 (hex) of the request that made the sale (its lines, payment method and total): the same key
     * with another request is refused. Null for sales made before it was recorded.
     */
    idempotency_fingerprint: varchar('idempotency_fingerprint', { length: 64 }),
    /** Card brand and last four digits only; never the number or the CVC. */
    pago_marca: varchar('pago_marca', { length: 30 }),
    pago_ultimos4: varchar('pago_ultimos4', { length: 4 }),
    pago_referencia: varchar('pago_referencia', { length: 255 }),
    motivo_fallo: text('motivo_fallo'),
    /** From venta_numero_pedido_seq when the sale becomes 'pagada' (shown as 'V-000123'). */
    numero_pedido: integer('numero_pedido'),
    /** Shipping address snapshot: later profile changes never change a past order. */
    envio_nombre: varchar('envio_nombre', { length: 100 }),
    envio_direccion: varchar('envio_direccion', { length: 100 }),
    envio_telefono: varchar('envio_telefono', { length: 25 }),
    /** Delivered to the address, or picked up at the store (decision 082). */
    metodo_envio: varchar('metodo_envio', { length: 10, enum: SHIPPING_METHODS })
      .notNull()
      .default('domicilio'),
    /** The state or province shipped to; null for pickup and for orders from clients that sent none. */
    envio_region: varchar('envio_region', { length: 60 }),
    /** Pickup: where and when, as the shop said when the order was placed. */
    retiro_direccion: varchar('retiro_direccion', { length: 200 }),
    retiro_horario: varchar('retiro_horario', { length: 200 }),
    /** Included in valor_total_venta. */
    costo_envio: money('costo_envio').notNull().default('0'),
    transportista: varchar('transportista', { length: 60 }),
    guia: varchar('guia', { length: 100 }),
    /** What completed refunds gave back (reembolso). */
    monto_reembolsado: money('monto_reembolsado').notNull().default('0'),
    /** The part of monto_reembolsado that gave back the shipping. */
    envio_reembolsado: money('envio_reembolsado').notNull().default('0'),
    /** What promotions took off the products (the lines' descuento summed); free shipping is in costo_envio. */
    descuento: money('descuento').notNull().default('0'),
  },
  (t) => [
    uniqueIndex('venta_usuario_idempotency_key').on(t.id_usuario, t.idempotency_key),
    uniqueIndex('venta_invitado_idempotency_key').on(t.email_invitado, t.idempotency_key),
    // Bought by an account or by a guest: exactly one of them.
    check('venta_comprador', sql`(${t.id_usuario} IS NULL) <> (${t.email_invitado} IS NULL)`),
    check('venta_email_invitado_lower', sql`${t.email_invitado} = lower(${t.email_invitado})`),
    index('venta_usuario_idx').on(t.id_usuario),
    index('venta_fecha_idx').on(t.fecha),
    // Start-up settles the sales left 'pendiente'; they are few, so a partial index finds them at once.
    index('venta_pendiente_idx').on(t.fecha).where(sql`${t.estado} = 'pendiente'`),
    // The expiry loop and the reconciliation find the orders waiting for their money by their deadline.
    index('venta_pendiente_pago_idx').on(t.vence).where(sql`${t.estado} = 'pendiente_pago'`),
    // The dashboard counts the late payments to give back, and the orders screen lists them.
    index('venta_pago_tardio_idx').on(t.id_venta).where(sql`${t.pago_tardio_referencia} IS NOT NULL`),
    check(
      'venta_estado_valido',
      sql`${t.estado} IN ('pendiente', 'fallida', 'pendiente_pago', 'por_cobrar', 'anulada', 'pagada', 'preparando', 'enviada', 'lista_retiro', 'entregada', 'cancelada', 'reembolsada')`,
    ),
    check('venta_metodo_envio_valido', sql`${t.metodo_envio} IN ('domicilio', 'retiro')`),
    check(
      'venta_metodo_pago_valido',
      sql`${t.metodo_pago} IN ('tarjeta', 'mercadopago', 'transferencia', 'contra_entrega')`,
    ),
    check(
      'venta_impuesto_tasa_valida',
      sql`${t.impuesto_tasa} IS NULL OR ${t.impuesto_tasa} BETWEEN 1 AND 10000`,
    ),
    check('venta_total_positivo', sql`${t.valor_total_venta} > 0`),
    uniqueIndex('venta_numero_pedido_key').on(t.numero_pedido),
    index('venta_estado_fecha_idx').on(t.estado, t.fecha),
    check('venta_costo_envio_no_negativo', sql`${t.costo_envio} >= 0`),
    check(
      'venta_reembolso_valido',
      sql`${t.monto_reembolsado} >= 0 AND ${t.monto_reembolsado} <= ${t.valor_total_venta}`,
    ),
    check(
      'venta_envio_reembolsado_valido',
      sql`${t.envio_reembolsado} >= 0 AND ${t.envio_reembolsado} <= ${t.costo_envio} AND ${t.envio_reembolsado} <= ${t.monto_reembolsado}`,
    ),
  ],
);

export const detalleVenta = pgTable(
  'detalle_venta',
  {
    id_detalle_venta: serial('id_detalle_venta').primaryKey(),
    id_venta: integer('id_venta')
      .notNull()
      .references(() => venta.id_venta, { onDelete: 'cascade' }),
    id_producto: integer('id_producto')
      .notNull()
      .references(() => producto.id_producto),
    cantidad: integer('cantidad').notNull(),
    valor_unitario: money('valor_unitario').notNull(),
    valor_total_cantidad: money('valor_total_cantidad').notNull(),
    comentado: boolean('comentado').notNull().default(false),
    /** Units refunded so far (0..cantidad). */
    cantidad_reembolsada: integer('cantidad_reembolsada').notNull().default(0),
    /** The line's share of the promotions' discount: the line paid valor_total_cantidad − descuento. */
    descuento: money('descuento').notNull().default('0'),
    /** The variant sold, its label ('Talla M · Rojo', '' without options) and SKU as they were then. */
    id_variante: integer('id_variante').references(() => variante.id_variante),
    variante: text('variante').notNull().default(''),
    sku: varchar('sku', { length: 40 }).notNull().default(''),
  },
  (t) => [
    index('detalle_venta_venta_idx').on(t.id_venta),
    index('detalle_venta_producto_idx').on(t.id_producto),
    index('detalle_venta_variante_idx').on(t.id_variante),
    check('detalle_venta_cantidad_positiva', sql`${t.cantidad} > 0`),
    check('detalle_venta_reembolso_valido', sql`${t.cantidad_reembolsada} BETWEEN 0 AND ${t.cantidad}`),
  ],
);

/* Orders (docs/decisions/017-order-lifecycle.md), owned by modules/orders. */

export const ventaNumeroPedidoSeq = pgSequence('venta_numero_pedido_seq', { startWith: 1 });

/** Every state an order went through: when, and which admin moved it (null: the payment did). */
export const ventaEstadoHistorial = pgTable(
  'venta_estado_historial',
  {
    id: serial('id').primaryKey(),
    id_venta: integer('id_venta')
      .notNull()
      .references(() => venta.id_venta, { onDelete: 'cascade' }),
    estado: varchar('estado', { length: 16, enum: ORDER_STATES }).notNull(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
    id_usuario: integer('id_usuario').references(() => usuario.id_usuario),
  },
  (t) => [index('venta_estado_historial_venta_idx').on(t.id_venta, t.fecha)],
);

/** The shop's settings: one row (id 1). Amounts like `valor`. */
export const ajustes = pgTable(
  'ajustes',
  {
    id: smallint('id').primaryKey().default(1),
    envio_tarifa: money('envio_tarifa').notNull().default('0'),
    /** Null: no free-shipping threshold. */
    envio_gratis_desde: money('envio_gratis_desde'),
    /** Prices include this tax, shown on orders (decision 058); rate in basis points (1600 = 16 %). */
    impuesto_activo: boolean('impuesto_activo').notNull().default(false),
    impuesto_nombre: varchar('impuesto_nombre', { length: 20 }).notNull().default('IVA'),
    impuesto_tasa: integer('impuesto_tasa').notNull().default(1600),
    /** The payment methods as the owner set them, in the shopper's order; null: the defaults (card only). */
    metodos_pago: jsonb('metodos_pago').$type<PaymentMethodSettings[]>(),
    /*
     * Shipping zones (decision 082): each with its regions and rate in cents; a region in none pays
     * envio_tarifa / envio_gratis_desde, the rest-of-country rate.
     */
    envio_zonas: jsonb('envio_zonas').$type<ShippingZone[]>().notNull().default([]),
    retiro_activo: boolean('retiro_activo').notNull().default(false),
    retiro_direccion: varchar('retiro_direccion', { length: 200 }).notNull().default(''),
    retiro_horario: varchar('retiro_horario', { length: 200 }).notNull().default(''),
    /** The shop is told of paid orders once a day instead of one e-mail each (decision 083). */
    resumen_diario: boolean('resumen_diario').notNull().default(false),
    /** The low-stock threshold of the variants without their own (decision 090). */
    stock_minimo: integer('stock_minimo').notNull().default(5),
    /** Visitors may buy without an account (decision 085); on unless the owner switches it off. */
    compra_invitado: boolean('compra_invitado').notNull().default(true),
    actualizado: timestamp('actualizado', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ajustes_una_fila', sql`${t.id} = 1`),
    check('ajustes_impuesto_tasa_valida', sql`${t.impuesto_tasa} BETWEEN 1 AND 10000`),
    check('ajustes_stock_minimo_valido', sql`${t.stock_minimo} BETWEEN 0 AND 10000`),
    check(
      'ajustes_envio_valido',
      sql`${t.envio_tarifa} >= 0 AND (${t.envio_gratis_desde} IS NULL OR ${t.envio_gratis_desde} > 0)`,
    ),
  ],
);

/**
 * One refund of an order. Recorded 'pendiente' before the provider is asked (with the key the provider
 * gets), so a crash in between is settled at start-up; 'completado' once the order's lines, amount and
 * stock are updated.
 */
export const reembolso = pgTable(
  'reembolso',
  {
    id: serial('id').primaryKey(),
    id_venta: integer('id_venta')
      .notNull()
      .references(() => venta.id_venta),
    /** The admin's Idempotency-Key: the same key on the same order is the same refund. */
    idempotency_key: varchar('idempotency_key', { length: 255 }).notNull(),
    /** [{ id_detalle_venta, cantidad }] refunded. */
    lineas: jsonb('lineas').$type<Array<{ id_detalle_venta: number; cantidad: number }>>().notNull(),
    /** What it gives back, shipping included. */
    monto: money('monto').notNull(),
    /** The part of monto that gives back the shipping. */
    envio: money('envio').notNull().default('0'),
    /** Refunds everything left: the order becomes 'reembolsada' (or stays 'cancelada'). */
    completo: boolean('completo').notNull(),
    /**
     * Its units go back to stock: decided by the order's state when the refund was asked (before shipping),
     * not when the provider answers, so a shipment marked in between does not change it.
     */
    devuelve_stock: boolean('devuelve_stock').notNull().default(false),
    estado: varchar('estado', { length: 12, enum: ['pendiente', 'completado', 'fallido'] })
      .notNull()
      .default('pendiente'),
    /** The provider's refund id. */
    referencia: varchar('referencia', { length: 255 }),
    motivo_fallo: text('motivo_fallo'),
    id_usuario: integer('id_usuario').references(() => usuario.id_usuario),
    created_at: createdAt(),
    actualizado: timestamp('actualizado', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reembolso_venta_idempotency_key').on(t.id_venta, t.idempotency_key),
    index('reembolso_pendiente_idx').on(t.id).where(sql`${t.estado} = 'pendiente'`),
    check('reembolso_estado_valido', sql`${t.estado} IN ('pendiente', 'completado', 'fallido')`),
    check('reembolso_monto_positivo', sql`${t.monto} > 0`),
    check('reembolso_envio_valido', sql`${t.envio} >= 0 AND ${t.envio} <= ${t.monto}`),
  ],
);

export const motivoCalificacion = pgTable(
  'motivo_calificacion',
  {
    id_motivo_calificacion: serial('id_motivo_calificacion').primaryKey(),
    descripcion_motivo: varchar('descripcion_motivo', { length: 50 }).notNull().default(''),
    valor_calificacion: smallint('valor_calificacion').notNull(),
    id_producto: integer('id_producto')
      .notNull()
      .references(() => producto.id_producto),
    /** The buyer's account; null: a guest rated through the order's signed link (decision 093). */
    id_usuario: integer('id_usuario').references(() => usuario.id_usuario),
    /** One rating per bought line. */
    id_detalle_venta: integer('id_detalle_venta')
      .notNull()
      .references(() => detalleVenta.id_detalle_venta),
    estado: boolean('estado').notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('motivo_calificacion_detalle_key').on(t.id_detalle_venta),
    index('motivo_calificacion_producto_idx').on(t.id_producto, t.estado),
    check('motivo_calificacion_rango', sql`${t.valor_calificacion} BETWEEN 1 AND 5`),
  ],
);

/*
 * The sandbox payment provider's own records (PAYMENT_PROVIDER=sandbox). They stand in for what a real
 * provider keeps on its side, so they live in the shop's database only for the sandbox's sake: checkout
 * never reads them, it asks the provider. Never the card number or the CVC: brand, last four and the test
 * behaviour the number selected.
 */
export const metodoPagoSandbox = pgTable(
  'metodo_pago_sandbox',
  {
    /** 'pm_sandbox_<random>': what the browser sends as id_pago. */
    id: varchar('id', { length: 64 }).primaryKey(),
    /** Null: a guest's card (decision 085). */
    id_usuario: integer('id_usuario').references(() => usuario.id_usuario, { onDelete: 'cascade' }),
    marca: varchar('marca', { length: 20 }).notNull(),
    ultimos4: varchar('ultimos4', { length: 4 }).notNull(),
    /** What a charge with this card does: 'succeed', 'requires_action' or a decline code. */
    comportamiento: varchar('comportamiento', { length: 30 }).notNull(),
    created_at: createdAt(),
  },
  (t) => [index('metodo_pago_sandbox_usuario_idx').on(t.id_usuario)],
);

/** One row per charge the sandbox received; the unique idempotency key makes a retried charge a no-op. */
export const cargoSandbox = pgTable(
  'cargo_sandbox',
  {
    id: serial('id').primaryKey(),
    idempotency_key: varchar('idempotency_key', { length: 255 }).notNull(),
    /** The sale the shop charged for; no foreign key, as a real provider knows nothing of our tables. */
    id_venta: integer('id_venta').notNull(),
    /** Null when the row only closes a sale the shop gave up on before its charge arrived. */
    id_pago: varchar('id_pago', { length: 64 }),
    monto_centavos: integer('monto_centavos').notNull(),
    estado: varchar('estado', { length: 20, enum: ['succeeded', 'requires_action', 'declined'] }).notNull(),
    codigo_rechazo: varchar('codigo_rechazo', { length: 30 }),
    /** 'ch_sandbox_<random>'. */
    referencia: varchar('referencia', { length: 64 }).notNull(),
    /** Lets the browser finish the extra confirmation step of a requires_action charge. */
    client_secret: varchar('client_secret', { length: 128 }),
    created_at: createdAt(),
    actualizado: timestamp('actualizado', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cargo_sandbox_idempotency_key').on(t.idempotency_key),
    uniqueIndex('cargo_sandbox_referencia_key').on(t.referencia),
    uniqueIndex('cargo_sandbox_client_secret_key').on(t.client_secret),
    index('cargo_sandbox_venta_idx').on(t.id_venta),
  ],
);

/** One row per refund the sandbox made; the unique idempotency key makes a retried refund a no-op. */
export const reembolsoSandbox = pgTable(
  'reembolso_sandbox',
  {
    id: serial('id').primaryKey(),
    idempotency_key: varchar('idempotency_key', { length: 255 }).notNull(),
    /** The charge refunded (cargo_sandbox.referencia). */
    referencia_cargo: varchar('referencia_cargo', { length: 64 }).notNull(),
    monto_centavos: integer('monto_centavos').notNull(),
    /** 're_sandbox_<random>'. */
    referencia: varchar('referencia', { length: 64 }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('reembolso_sandbox_idempotency_key').on(t.idempotency_key),
    uniqueIndex('reembolso_sandbox_referencia_key').on(t.referencia),
    index('reembolso_sandbox_cargo_idx').on(t.referencia_cargo),
  ],
);

/*
 * The offline Mercado Pago sandbox's own records (no MERCADOPAGO_ACCESS_TOKEN): what Mercado Pago keeps on
 * its side of Checkout Pro. The orders module never reads them: it asks the sandbox, as it asks Mercado Pago.
 */
export const preferenciaMpSandbox = pgTable('preferencia_mp_sandbox', {
  /** 'sandbox-<uuid>', as Mercado Pago's '<collector>-<uuid>'. */
  id: varchar('id', { length: 64 }).primaryKey(),
  /** The sale it pays ('venta-<id_venta>'); no foreign key, as Mercado Pago knows nothing of our tables. */
  referencia_externa: varchar('referencia_externa', { length: 64 }).notNull(),
  /** Lines, shipping, back URL, notification URL and deadline, as the shop asked for them. */
  cuerpo: jsonb('cuerpo').notNull(),
  monto_centavos: bigint('monto_centavos', { mode: 'number' }).notNull(),
  moneda: varchar('moneda', { length: 3 }).notNull(),
  created_at: createdAt(),
});

/** One row per payment attempt on a sandbox preference: approved, pending (a cash voucher) or rejected. */
export const pagoMpSandbox = pgTable(
  'pago_mp_sandbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    id_preferencia: varchar('id_preferencia', { length: 64 })
      .notNull()
      .references(() => preferenciaMpSandbox.id),
    referencia_externa: varchar('referencia_externa', { length: 64 }).notNull(),
    /** Mercado Pago's status: approved, pending, rejected, cancelled, refunded. */
    estado: varchar('estado', { length: 20 }).notNull(),
    detalle_estado: varchar('detalle_estado', { length: 60 }).notNull(),
    /** visa, oxxo…, and its type: credit_card, ticket. */
    metodo: varchar('metodo', { length: 30 }).notNull(),
    tipo: varchar('tipo', { length: 30 }).notNull(),
    monto_centavos: bigint('monto_centavos', { mode: 'number' }).notNull(),
    reembolsado_centavos: bigint('reembolsado_centavos', { mode: 'number' }).notNull().default(0),
    moneda: varchar('moneda', { length: 3 }).notNull(),
    aprobado: timestamp('aprobado', { withTimezone: true }),
    created_at: createdAt(),
    actualizado: timestamp('actualizado', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pago_mp_sandbox_referencia_idx').on(t.referencia_externa),
    index('pago_mp_sandbox_preferencia_idx').on(t.id_preferencia),
    check(
      'pago_mp_sandbox_reembolso_valido',
      sql`${t.reembolsado_centavos} >= 0 AND ${t.reembolsado_centavos} <= ${t.monto_centavos}`,
    ),
  ],
);

/** One row per sandbox refund; the unique idempotency key makes a retried refund answer the first. */
export const reembolsoMpSandbox = pgTable(
  'reembolso_mp_sandbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    id_pago: bigint('id_pago', { mode: 'number' })
      .notNull()
      .references(() => pagoMpSandbox.id),
    idempotency_key: varchar('idempotency_key', { length: 255 }).notNull(),
    monto_centavos: bigint('monto_centavos', { mode: 'number' }).notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('reembolso_mp_sandbox_idempotency_key').on(t.idempotency_key)],
);

/** Every admin change: who, when, what, and the values before and after. */
export const auditoria = pgTable(
  'auditoria',
  {
    id: serial('id').primaryKey(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
    id_usuario: integer('id_usuario').references(() => usuario.id_usuario),
    accion: varchar('accion', { length: 60 }).notNull(),
    entidad: varchar('entidad', { length: 40 }).notNull(),
    id_entidad: integer('id_entidad'),
    antes: jsonb('antes'),
    despues: jsonb('despues'),
  },
  (t) => [index('auditoria_fecha_idx').on(t.fecha)],
);

/**
 * The outbox of transactional e-mail, owned by modules/mail: queued in the transaction of the event it tells
 * about, delivered by a background loop (docs/decisions/015-mail-outbox.md).
 */
export const correo = pgTable(
  'correo',
  {
    id: serial('id').primaryKey(),
    destinatario: varchar('destinatario', { length: 254 }).notNull(),
    /** A MailKind: 'pedido_confirmado', 'bienvenida', … */
    tipo: varchar('tipo', { length: 30 }).notNull(),
    asunto: text('asunto').notNull(),
    html: text('html').notNull(),
    texto: text('texto').notNull(),
    estado: varchar('estado', { length: 10, enum: MAIL_STATES }).notNull().default('pendiente'),
    intentos: integer('intentos').notNull().default(0),
    /** When a loop may (re)try it; a claimed message is pushed ahead by its lease. */
    proximo_intento: timestamp('proximo_intento', { withTimezone: true }).notNull().defaultNow(),
    ultimo_error: text('ultimo_error'),
    creado: timestamp('creado', { withTimezone: true }).notNull().defaultNow(),
    enviado: timestamp('enviado', { withTimezone: true }),
  },
  (t) => [
    // The loops' "next due message" and the dashboard's count read only these few rows.
    index('correo_pendiente_idx').on(t.proximo_intento).where(sql`${t.estado} = 'pendiente'`),
    index('correo_fallido_idx').on(t.id).where(sql`${t.estado} = 'fallido'`),
    check('correo_estado_valido', sql`${t.estado} IN ('pendiente', 'enviado', 'fallido')`),
  ],
);

/*
 * Search (modules/catalog/search, migration 0010). The vocabulary is written only by the triggers on producto;
 * the synonyms by the owner; the daily counts by the listing's searches.
 */

/**
 * The catalog's words, accent-free and lower case, with how many products use each and how many of
 * those have it among their options (migration 0030: option words of any length, 'M', 'XL').
 */
export const vocabulario = pgTable('vocabulario', {
  palabra: text('palabra').primaryKey(),
  productos: integer('productos').notNull(),
  opciones: integer('opciones').notNull().default(0),
});

/** One dictionary entry: equivalent terms, or (unidireccional) a first term that also finds the rest. */
export const sinonimo = pgTable(
  'sinonimo',
  {
    id_sinonimo: serial('id_sinonimo').primaryKey(),
    terminos: text('terminos').array().notNull(),
    unidireccional: boolean('unidireccional').notNull().default(false),
  },
  (t) => [
    index('sinonimo_terminos_idx').using('gin', t.terminos),
    check('sinonimo_terminos', sql`cardinality(${t.terminos}) BETWEEN 2 AND 20`),
  ],
);

/**
 * How many visitors searched each normalized query per day (each once, migration 0013), and how many of
 * them found nothing. No identity.
 */
export const busquedaDiaria = pgTable(
  'busqueda_diaria',
  {
    dia: date('dia').notNull(),
    consulta: varchar('consulta', { length: 100 }).notNull(),
    veces: integer('veces').notNull().default(0),
    sin_resultados: integer('sin_resultados').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'busqueda_diaria_pk', columns: [t.dia, t.consulta] })],
);

/**
 * Today's queries of each visitor, a keyed hash of their client address (modules/catalog/search/analytics.ts):
 * to count a visitor once per query and cap what one adds. Deleted once the day is over.
 */
export const busquedaVisitante = pgTable(
  'busqueda_visitante',
  {
    dia: date('dia').notNull(),
    visitante: varchar('visitante', { length: 22 }).notNull(),
    consulta: varchar('consulta', { length: 100 }).notNull(),
  },
  (t) => [primaryKey({ name: 'busqueda_visitante_pk', columns: [t.dia, t.visitante, t.consulta] })],
);

/** The random key of each day's visitor hashes, made by the day's first write; deleted with its day. */
export const busquedaClave = pgTable('busqueda_clave', {
  dia: date('dia').primaryKey(),
  clave: varchar('clave', { length: 43 }).notNull(),
});

/** Uploads per caller in the current window (modules/uploads/upload-limit.ts): shared by every process. */
export const limiteSubida = pgTable('limite_subida', {
  /** 'user:<id>' or 'ip:<address>'. */
  clave: varchar('clave', { length: 320 }).primaryKey(),
  subidas: integer('subidas').notNull().default(0),
  ventana_inicio: timestamp('ventana_inicio', { withTimezone: true }).notNull().defaultNow(),
});

/* Coupons and automatic promotions (docs/decisions/073-promotions.md), owned by modules/promotions. */

export const promocion = pgTable(
  'promocion',
  {
    id: serial('id').primaryKey(),
    /** Upper case: shoppers type codes in any case. */
    codigo: varchar('codigo', { length: 40 }).notNull(),
    tipo: varchar('tipo', { length: 12, enum: PROMOTION_TYPES }).notNull(),
    /** A whole percentage, an amount, or 0 for free shipping. */
    valor: money('valor').notNull().default('0'),
    minimo: money('minimo'),
    /** The shop's calendar days, both included. */
    desde: date('desde'),
    hasta: date('hasta'),
    usos_max: integer('usos_max'),
    usos_por_cliente: integer('usos_por_cliente'),
    categorias: integer('categorias').array().notNull().default(sql`'{}'`),
    productos: integer('productos').array().notNull().default(sql`'{}'`),
    combinable: boolean('combinable').notNull().default(true),
    automatica: boolean('automatica').notNull().default(false),
    activa: boolean('activa').notNull().default(true),
    creado: timestamp('creado', { withTimezone: true }).notNull().defaultNow(),
    actualizado: timestamp('actualizado', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promocion_codigo_idx').on(t.codigo),
    index('promocion_automatica_idx').on(t.automatica).where(sql`${t.automatica}`),
    check('promocion_tipo_valido', sql`${t.tipo} IN ('porcentaje', 'monto', 'envio_gratis')`),
  ],
);

/** The promotions a sale got, with what each took off: their uses are counted here. Owned by modules/orders. */
export const ventaPromocion = pgTable(
  'venta_promocion',
  {
    id_venta: integer('id_venta')
      .notNull()
      .references(() => venta.id_venta, { onDelete: 'cascade' }),
    id_promocion: integer('id_promocion')
      .notNull()
      .references(() => promocion.id),
    /** The code as it was when the sale was placed. */
    codigo: varchar('codigo', { length: 40 }).notNull(),
    descuento: money('descuento').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id_venta, t.id_promocion] }),
    index('venta_promocion_promocion_idx').on(t.id_promocion),
  ],
);
/**
 * The shop's identity (settings module, Ajustes › Tienda): its one row, once the owner saves it; until
 * then the shop shows SHOP_NAME and the theme's colours. Every change notifies `catalogo_cambio`
 * (migration 0020), so every process drops the rendered pages that show it.
 */
export const tienda = pgTable(
  'tienda',
  {
    id: smallint('id').primaryKey().default(1),
    nombre: varchar('nombre', { length: 60 }).notNull(),
    logo: varchar('logo', { length: 300 }),
    favicon: varchar('favicon', { length: 300 }),
    color_primario: varchar('color_primario', { length: 7 }).notNull(),
    color_acento: varchar('color_acento', { length: 7 }).notNull(),
    contacto_email: varchar('contacto_email', { length: 254 }).notNull().default(''),
    contacto_telefono: varchar('contacto_telefono', { length: 25 }).notNull().default(''),
    contacto_direccion: varchar('contacto_direccion', { length: 200 }).notNull().default(''),
    /** { instagram, facebook, tiktok, x, youtube }: https addresses, '' for none. */
    redes: jsonb('redes').$type<Record<string, string>>().notNull().default({}),
    /** Digits only, country code first; '' for none. */
    whatsapp: varchar('whatsapp', { length: 15 }).notNull().default(''),
    actualizado: timestamp('actualizado', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('tienda_una_fila', sql`${t.id} = 1`)],
);

/** The days whose summary of paid orders was queued: the claim that sends each day's once (decision 083). */
export const resumenPedidos = pgTable('resumen_pedidos', {
  dia: date('dia').primaryKey(),
  creado: timestamp('creado', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The shop days whose low-stock digest was queued (inventory module, decision 090): the row is inserted in
 * the transaction that queues it, so only one process sends it, once a day.
 */
export const avisoStockBajo = pgTable('aviso_stock_bajo', {
  dia: date('dia').primaryKey(),
  creado: timestamp('creado', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The pages the owner writes (pages module): about, terms and privacy once edited (until then their
 * shipped text), and the owner's own. Markdown; rendered sanitized when read. Changes notify
 * `catalogo_cambio` like the identity's.
 */
export const pagina = pgTable('pagina', {
  id_pagina: serial('id_pagina').primaryKey(),
  slug: varchar('slug', { length: 60 }).notNull().unique('pagina_slug_unico'),
  titulo: varchar('titulo', { length: 120 }).notNull(),
  contenido: text('contenido').notNull(),
  actualizada: timestamp('actualizada', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A shopper's cart as the server keeps it (carts module, docs/decisions/080-saved-carts.md): an account's,
 * or a guest's, known by the e-mail typed at checkout (095), never both; the lines as the shared rules
 * left them; `desde` when it last went from empty to holding items, `recordado` when the one reminder of
 * abandoned-cart for those items went out (081).
 */
export const carrito = pgTable(
  'carrito',
  {
    id: serial('id').primaryKey(),
    id_usuario: integer('id_usuario').references(() => usuario.id_usuario, { onDelete: 'cascade' }),
    /** A guest's cart: the e-mail (lower case, as every account's) and the name typed at checkout. */
    email_invitado: varchar('email_invitado', { length: 254 }),
    nombre_invitado: varchar('nombre_invitado', { length: 50 }),
    lineas: jsonb('lineas')
      .$type<Array<{ id_producto: number; id_variante: number | null; cantidad: number }>>()
      .notNull()
      .default([]),
    actualizado: timestamp('actualizado', { withTimezone: true }).notNull().defaultNow(),
    desde: timestamp('desde', { withTimezone: true }),
    recordado: timestamp('recordado', { withTimezone: true }),
    sin_recordatorios: boolean('sin_recordatorios').notNull().default(false),
    /** The secret of the reminder's unsubscribe link. */
    token_baja: uuid('token_baja').notNull().defaultRandom(),
  },
  (t) => [
    uniqueIndex('carrito_usuario_idx').on(t.id_usuario),
    uniqueIndex('carrito_token_baja_idx').on(t.token_baja),
    index('carrito_por_recordar_idx')
      .on(t.actualizado)
      .where(sql`${t.desde} IS NOT NULL AND ${t.recordado} IS NULL`),
    index('carrito_email_invitado_idx').on(t.email_invitado),
    check('carrito_dueno', sql`(${t.id_usuario} IS NULL) <> (${t.email_invitado} IS NULL)`),
    check('carrito_email_invitado_lower', sql`${t.email_invitado} = lower(${t.email_invitado})`),
  ],
);

/** Every abandoned-cart reminder sent, the cart it was for, and the order that followed it (recovered). */
export const carritoRecordatorio = pgTable(
  'carrito_recordatorio',
  {
    id: serial('id').primaryKey(),
    id_carrito: integer('id_carrito')
      .notNull()
      .references(() => carrito.id, { onDelete: 'cascade' }),
    enviado: timestamp('enviado', { withTimezone: true }).notNull().defaultNow(),
    unidades: integer('unidades').notNull(),
    id_venta: integer('id_venta').references(() => venta.id_venta, { onDelete: 'set null' }),
  },
  (t) => [index('carrito_recordatorio_carrito_idx').on(t.id_carrito)],
);

/**
 * A customer's request to cancel an order not shipped yet, or to return a delivered one (orders module):
 * at most one waits per order; the owner or staff with the orders area accepts or refuses it.
 */
export const solicitudPedido = pgTable(
  'solicitud_pedido',
  {
    id: serial('id').primaryKey(),
    id_venta: integer('id_venta')
      .notNull()
      .references(() => venta.id_venta, { onDelete: 'cascade' }),
    tipo: varchar('tipo', { length: 12, enum: ORDER_REQUEST_TYPES }).notNull(),
    motivo: varchar('motivo', { length: 500 }).notNull(),
    estado: varchar('estado', { length: 10, enum: ORDER_REQUEST_STATES }).notNull().default('pendiente'),
    creada: timestamp('creada', { withTimezone: true }).notNull().defaultNow(),
    decidida: timestamp('decidida', { withTimezone: true }),
    id_decisor: integer('id_decisor').references(() => usuario.id_usuario),
    respuesta: varchar('respuesta', { length: 500 }),
  },
  (t) => [
    index('solicitud_pedido_venta_idx').on(t.id_venta),
    uniqueIndex('solicitud_pedido_una_pendiente_idx').on(t.id_venta).where(sql`${t.estado} = 'pendiente'`),
    check('solicitud_pedido_tipo_valido', sql`${t.tipo} IN ('cancelacion', 'devolucion')`),
    check('solicitud_pedido_estado_valido', sql`${t.estado} IN ('pendiente', 'aceptada', 'rechazada')`),
  ],
);
