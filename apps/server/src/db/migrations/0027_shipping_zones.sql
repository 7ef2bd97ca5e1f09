ALTER TABLE "ajustes" ADD COLUMN "envio_zonas" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ajustes" ADD COLUMN "retiro_activo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ajustes" ADD COLUMN "retiro_direccion" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ajustes" ADD COLUMN "retiro_horario" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ajustes" ADD COLUMN "resumen_diario" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "avisos_pedidos" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "metodo_envio" varchar(10) DEFAULT 'domicilio' NOT NULL;--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "envio_region" varchar(60);--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "retiro_direccion" varchar(200);--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "retiro_horario" varchar(200);--> statement-breakpoint
ALTER TABLE "venta" ADD CONSTRAINT "venta_metodo_envio_valido" CHECK ("venta"."metodo_envio" IN ('domicilio', 'retiro'));--> statement-breakpoint
ALTER TABLE "venta" DROP CONSTRAINT "venta_estado_valido";--> statement-breakpoint
ALTER TABLE "venta" ADD CONSTRAINT "venta_estado_valido" CHECK ("venta"."estado" IN ('pendiente', 'fallida', 'pendiente_pago', 'anulada', 'pagada', 'preparando', 'enviada', 'lista_retiro', 'entregada', 'cancelada', 'reembolsada'));--> statement-breakpoint
CREATE TABLE "resumen_pedidos" (
	"dia" date PRIMARY KEY NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
