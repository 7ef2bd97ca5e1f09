ALTER TABLE "venta" DROP CONSTRAINT "venta_estado_valido";--> statement-breakpoint
ALTER TABLE "venta" ADD CONSTRAINT "venta_estado_valido" CHECK ("venta"."estado" IN ('pendiente', 'fallida', 'pagada', 'preparando', 'enviada', 'entregada', 'cancelada', 'reembolsada'));--> statement-breakpoint
CREATE SEQUENCE "venta_numero_pedido_seq" AS integer START WITH 1;--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "numero_pedido" integer;--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "envio_nombre" varchar(100);--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "envio_direccion" varchar(100);--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "envio_telefono" varchar(25);--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "costo_envio" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "transportista" varchar(60);--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "guia" varchar(100);--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "monto_reembolsado" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Sales paid before order numbers existed get theirs now, in the order they were made.
UPDATE "venta" SET "numero_pedido" = n.numero FROM (SELECT "id_venta", nextval('venta_numero_pedido_seq') AS numero FROM (SELECT "id_venta" FROM "venta" WHERE "estado" = 'pagada' ORDER BY "id_venta") AS pagadas) AS n WHERE "venta"."id_venta" = n."id_venta";--> statement-breakpoint
CREATE UNIQUE INDEX "venta_numero_pedido_key" ON "venta" USING btree ("numero_pedido");--> statement-breakpoint
CREATE INDEX "venta_estado_fecha_idx" ON "venta" USING btree ("estado", "fecha");--> statement-breakpoint
ALTER TABLE "venta" ADD CONSTRAINT "venta_costo_envio_no_negativo" CHECK ("venta"."costo_envio" >= 0);--> statement-breakpoint
ALTER TABLE "venta" ADD CONSTRAINT "venta_reembolso_valido" CHECK ("venta"."monto_reembolsado" >= 0 AND "venta"."monto_reembolsado" <= "venta"."valor_total_venta");--> statement-breakpoint
ALTER TABLE "detalle_venta" ADD COLUMN "cantidad_reembolsada" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "detalle_venta" ADD CONSTRAINT "detalle_venta_reembolso_valido" CHECK ("detalle_venta"."cantidad_reembolsada" BETWEEN 0 AND "detalle_venta"."cantidad");--> statement-breakpoint
CREATE TABLE "venta_estado_historial" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_venta" integer NOT NULL,
	"estado" varchar(12) NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"id_usuario" integer
);
--> statement-breakpoint
ALTER TABLE "venta_estado_historial" ADD CONSTRAINT "venta_estado_historial_id_venta_venta_id_venta_fk" FOREIGN KEY ("id_venta") REFERENCES "public"."venta"("id_venta") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venta_estado_historial" ADD CONSTRAINT "venta_estado_historial_id_usuario_usuario_id_usuario_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venta_estado_historial_venta_idx" ON "venta_estado_historial" USING btree ("id_venta", "fecha");--> statement-breakpoint
INSERT INTO "venta_estado_historial" ("id_venta", "estado", "fecha") SELECT "id_venta", "estado", "fecha" FROM "venta" WHERE "estado" = 'pagada';--> statement-breakpoint
CREATE TABLE "ajustes" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"envio_tarifa" numeric(12, 2) DEFAULT '0' NOT NULL,
	"envio_gratis_desde" numeric(12, 2),
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ajustes_una_fila" CHECK ("ajustes"."id" = 1),
	CONSTRAINT "ajustes_envio_valido" CHECK ("ajustes"."envio_tarifa" >= 0 AND ("ajustes"."envio_gratis_desde" IS NULL OR "ajustes"."envio_gratis_desde" > 0))
);
--> statement-breakpoint
INSERT INTO "ajustes" ("id") VALUES (1);--> statement-breakpoint
CREATE TABLE "reembolso" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_venta" integer NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"lineas" jsonb NOT NULL,
	"monto" numeric(12, 2) NOT NULL,
	"completo" boolean NOT NULL,
	"estado" varchar(12) DEFAULT 'pendiente' NOT NULL,
	"referencia" varchar(255),
	"motivo_fallo" text,
	"id_usuario" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reembolso_estado_valido" CHECK ("reembolso"."estado" IN ('pendiente', 'completado', 'fallido')),
	CONSTRAINT "reembolso_monto_positivo" CHECK ("reembolso"."monto" > 0)
);
--> statement-breakpoint
ALTER TABLE "reembolso" ADD CONSTRAINT "reembolso_id_venta_venta_id_venta_fk" FOREIGN KEY ("id_venta") REFERENCES "public"."venta"("id_venta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolso" ADD CONSTRAINT "reembolso_id_usuario_usuario_id_usuario_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reembolso_venta_idempotency_key" ON "reembolso" USING btree ("id_venta", "idempotency_key");--> statement-breakpoint
CREATE INDEX "reembolso_pendiente_idx" ON "reembolso" USING btree ("id") WHERE "reembolso"."estado" = 'pendiente';--> statement-breakpoint
CREATE TABLE "reembolso_sandbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"referencia_cargo" varchar(64) NOT NULL,
	"monto_centavos" integer NOT NULL,
	"referencia" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reembolso_sandbox_idempotency_key" ON "reembolso_sandbox" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "reembolso_sandbox_referencia_key" ON "reembolso_sandbox" USING btree ("referencia");--> statement-breakpoint
CREATE INDEX "reembolso_sandbox_cargo_idx" ON "reembolso_sandbox" USING btree ("referencia_cargo");
