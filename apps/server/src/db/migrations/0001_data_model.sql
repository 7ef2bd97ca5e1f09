CREATE TABLE "auditoria" (
	"id" serial PRIMARY KEY NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"id_usuario" integer,
	"accion" varchar(60) NOT NULL,
	"entidad" varchar(40) NOT NULL,
	"id_entidad" integer,
	"antes" jsonb,
	"despues" jsonb
);
--> statement-breakpoint
CREATE TABLE "categoria_producto" (
	"id_categoria_producto" serial PRIMARY KEY NOT NULL,
	"nombre_categoria_producto" varchar(60) NOT NULL,
	"imagen_categoria_producto" text NOT NULL,
	CONSTRAINT "categoria_producto_nombre_categoria_producto_unique" UNIQUE("nombre_categoria_producto")
);
--> statement-breakpoint
CREATE TABLE "detalle_venta" (
	"id_detalle_venta" serial PRIMARY KEY NOT NULL,
	"id_venta" integer NOT NULL,
	"id_producto" integer NOT NULL,
	"cantidad" integer NOT NULL,
	"valor_unitario" numeric(12, 2) NOT NULL,
	"valor_total_cantidad" numeric(12, 2) NOT NULL,
	"comentado" boolean DEFAULT false NOT NULL,
	CONSTRAINT "detalle_venta_cantidad_positiva" CHECK ("detalle_venta"."cantidad" > 0)
);
--> statement-breakpoint
CREATE TABLE "identidad_externa" (
	"id" serial PRIMARY KEY NOT NULL,
	"proveedor" varchar(20) NOT NULL,
	"sujeto" varchar(255) NOT NULL,
	"id_usuario" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intento_login" (
	"clave" varchar(320) PRIMARY KEY NOT NULL,
	"fallos" integer DEFAULT 0 NOT NULL,
	"ventana_inicio" timestamp with time zone DEFAULT now() NOT NULL,
	"bloqueado_hasta" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "motivo_calificacion" (
	"id_motivo_calificacion" serial PRIMARY KEY NOT NULL,
	"descripcion_motivo" varchar(50) DEFAULT '' NOT NULL,
	"valor_calificacion" smallint NOT NULL,
	"id_producto" integer NOT NULL,
	"id_usuario" integer NOT NULL,
	"id_detalle_venta" integer NOT NULL,
	"estado" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "motivo_calificacion_rango" CHECK ("motivo_calificacion"."valor_calificacion" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "producto" (
	"id_producto" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(120) NOT NULL,
	"descripcion_producto" text NOT NULL,
	"valor" numeric(12, 2) NOT NULL,
	"valor_descuento" numeric(12, 2),
	"precio_efectivo" numeric(12, 2) GENERATED ALWAYS AS (coalesce(valor_descuento, valor)) STORED NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"imagen" text NOT NULL,
	"estado" boolean DEFAULT true NOT NULL,
	"id_categoria_producto" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"busqueda" "tsvector" GENERATED ALWAYS AS (to_tsvector('spanish'::regconfig, f_unaccent(nombre))) STORED NOT NULL,
	"calificacion_suma" integer DEFAULT 0 NOT NULL,
	"calificacion_cantidad" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "producto_valor_positivo" CHECK ("producto"."valor" > 0),
	CONSTRAINT "producto_descuento_valido" CHECK ("producto"."valor_descuento" IS NULL OR ("producto"."valor_descuento" > 0 AND "producto"."valor_descuento" < "producto"."valor")),
	CONSTRAINT "producto_stock_no_negativo" CHECK ("producto"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sesion" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"ultimo_uso" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" varchar(512),
	"ip" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "usuario" (
	"id_usuario" serial PRIMARY KEY NOT NULL,
	"primer_nombre" varchar(50) NOT NULL,
	"primer_apellido" varchar(50) NOT NULL,
	"email" varchar(254) NOT NULL,
	"direccion" varchar(101) NOT NULL,
	"telefono" varchar(25) NOT NULL,
	"imagen" text DEFAULT '' NOT NULL,
	"estado" boolean DEFAULT true NOT NULL,
	"admin" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usuario_email_lower" CHECK ("usuario"."email" = lower("usuario"."email"))
);
--> statement-breakpoint
CREATE TABLE "venta" (
	"id_venta" serial PRIMARY KEY NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"valor_total_venta" numeric(12, 2) NOT NULL,
	"id_usuario" integer NOT NULL,
	"id_pago" varchar(255) NOT NULL,
	"estado" varchar(12) DEFAULT 'pendiente' NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"pago_marca" varchar(30),
	"pago_ultimos4" varchar(4),
	"pago_referencia" varchar(255),
	"motivo_fallo" text,
	CONSTRAINT "venta_total_positivo" CHECK ("venta"."valor_total_venta" > 0)
);
--> statement-breakpoint
ALTER TABLE "auditoria" ADD CONSTRAINT "auditoria_id_usuario_usuario_id_usuario_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detalle_venta" ADD CONSTRAINT "detalle_venta_id_venta_venta_id_venta_fk" FOREIGN KEY ("id_venta") REFERENCES "public"."venta"("id_venta") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detalle_venta" ADD CONSTRAINT "detalle_venta_id_producto_producto_id_producto_fk" FOREIGN KEY ("id_producto") REFERENCES "public"."producto"("id_producto") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identidad_externa" ADD CONSTRAINT "identidad_externa_id_usuario_usuario_id_usuario_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id_usuario") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motivo_calificacion" ADD CONSTRAINT "motivo_calificacion_id_producto_producto_id_producto_fk" FOREIGN KEY ("id_producto") REFERENCES "public"."producto"("id_producto") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motivo_calificacion" ADD CONSTRAINT "motivo_calificacion_id_usuario_usuario_id_usuario_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motivo_calificacion" ADD CONSTRAINT "motivo_calificacion_id_detalle_venta_detalle_venta_id_detalle_venta_fk" FOREIGN KEY ("id_detalle_venta") REFERENCES "public"."detalle_venta"("id_detalle_venta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto" ADD CONSTRAINT "producto_id_categoria_producto_categoria_producto_id_categoria_producto_fk" FOREIGN KEY ("id_categoria_producto") REFERENCES "public"."categoria_producto"("id_categoria_producto") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sesion" ADD CONSTRAINT "sesion_id_usuario_usuario_id_usuario_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id_usuario") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venta" ADD CONSTRAINT "venta_id_usuario_usuario_id_usuario_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_fecha_idx" ON "auditoria" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "detalle_venta_venta_idx" ON "detalle_venta" USING btree ("id_venta");--> statement-breakpoint
CREATE INDEX "detalle_venta_producto_idx" ON "detalle_venta" USING btree ("id_producto");--> statement-breakpoint
CREATE UNIQUE INDEX "identidad_externa_proveedor_sujeto_key" ON "identidad_externa" USING btree ("proveedor","sujeto");--> statement-breakpoint
CREATE INDEX "identidad_externa_usuario_idx" ON "identidad_externa" USING btree ("id_usuario");--> statement-breakpoint
CREATE UNIQUE INDEX "motivo_calificacion_detalle_key" ON "motivo_calificacion" USING btree ("id_detalle_venta");--> statement-breakpoint
CREATE INDEX "motivo_calificacion_producto_idx" ON "motivo_calificacion" USING btree ("id_producto","estado");--> statement-breakpoint
CREATE INDEX "producto_categoria_idx" ON "producto" USING btree ("id_categoria_producto");--> statement-breakpoint
CREATE INDEX "producto_busqueda_idx" ON "producto" USING gin ("busqueda");--> statement-breakpoint
CREATE INDEX "producto_nombre_trgm_idx" ON "producto" USING gin (f_unaccent(lower("nombre")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sesion_usuario_idx" ON "sesion" USING btree ("id_usuario");--> statement-breakpoint
CREATE INDEX "sesion_expira_idx" ON "sesion" USING btree ("expira");--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_email_key" ON "usuario" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "venta_usuario_idempotency_key" ON "venta" USING btree ("id_usuario","idempotency_key");--> statement-breakpoint
CREATE INDEX "venta_usuario_idx" ON "venta" USING btree ("id_usuario");--> statement-breakpoint
CREATE INDEX "venta_fecha_idx" ON "venta" USING btree ("fecha");