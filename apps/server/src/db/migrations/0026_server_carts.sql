CREATE TABLE "carrito" (
	"id_usuario" integer PRIMARY KEY NOT NULL,
	"lineas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	"desde" timestamp with time zone,
	"recordado" timestamp with time zone,
	"sin_recordatorios" boolean DEFAULT false NOT NULL,
	"token_baja" uuid DEFAULT gen_random_uuid() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carrito" ADD CONSTRAINT "carrito_id_usuario_usuario_id_usuario_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id_usuario") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carrito_token_baja_idx" ON "carrito" USING btree ("token_baja");--> statement-breakpoint
CREATE INDEX "carrito_por_recordar_idx" ON "carrito" USING btree ("actualizado") WHERE "carrito"."desde" IS NOT NULL AND "carrito"."recordado" IS NULL;--> statement-breakpoint
CREATE TABLE "carrito_recordatorio" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL,
	"enviado" timestamp with time zone DEFAULT now() NOT NULL,
	"unidades" integer NOT NULL,
	"id_venta" integer
);
--> statement-breakpoint
ALTER TABLE "carrito_recordatorio" ADD CONSTRAINT "carrito_recordatorio_id_usuario_usuario_id_usuario_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id_usuario") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrito_recordatorio" ADD CONSTRAINT "carrito_recordatorio_id_venta_venta_id_venta_fk" FOREIGN KEY ("id_venta") REFERENCES "public"."venta"("id_venta") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrito_recordatorio_usuario_idx" ON "carrito_recordatorio" USING btree ("id_usuario");
--> statement-breakpoint
CREATE TABLE "solicitud_pedido" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_venta" integer NOT NULL,
	"tipo" varchar(12) NOT NULL,
	"motivo" varchar(500) NOT NULL,
	"estado" varchar(10) DEFAULT 'pendiente' NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	"decidida" timestamp with time zone,
	"id_decisor" integer,
	"respuesta" varchar(500),
	CONSTRAINT "solicitud_pedido_tipo_valido" CHECK ("solicitud_pedido"."tipo" IN ('cancelacion', 'devolucion')),
	CONSTRAINT "solicitud_pedido_estado_valido" CHECK ("solicitud_pedido"."estado" IN ('pendiente', 'aceptada', 'rechazada'))
);
--> statement-breakpoint
ALTER TABLE "solicitud_pedido" ADD CONSTRAINT "solicitud_pedido_id_venta_venta_id_venta_fk" FOREIGN KEY ("id_venta") REFERENCES "public"."venta"("id_venta") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitud_pedido" ADD CONSTRAINT "solicitud_pedido_id_decisor_usuario_id_usuario_fk" FOREIGN KEY ("id_decisor") REFERENCES "public"."usuario"("id_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "solicitud_pedido_venta_idx" ON "solicitud_pedido" USING btree ("id_venta");--> statement-breakpoint
CREATE UNIQUE INDEX "solicitud_pedido_una_pendiente_idx" ON "solicitud_pedido" USING btree ("id_venta") WHERE "solicitud_pedido"."estado" = 'pendiente';
