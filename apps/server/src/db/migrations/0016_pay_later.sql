ALTER TABLE "venta" DROP CONSTRAINT "venta_estado_valido";--> statement-breakpoint
-- 'pendiente_pago' is 14 letters. A column's type cannot change under a trigger that names it: the
-- paid-units trigger of 0010 is dropped and created again, unchanged.
DROP TRIGGER "venta_cuenta_unidades" ON "venta";--> statement-breakpoint
ALTER TABLE "venta" ALTER COLUMN "estado" SET DATA TYPE varchar(16);--> statement-breakpoint
CREATE TRIGGER venta_cuenta_unidades
  AFTER UPDATE OF estado ON venta
  FOR EACH ROW WHEN (OLD.estado IS DISTINCT FROM NEW.estado)
  EXECUTE FUNCTION cuenta_unidades_venta();--> statement-breakpoint
ALTER TABLE "venta" ALTER COLUMN "estado" SET DEFAULT 'pendiente';--> statement-breakpoint
ALTER TABLE "venta_estado_historial" ALTER COLUMN "estado" SET DATA TYPE varchar(16);--> statement-breakpoint
ALTER TABLE "ajustes" ADD COLUMN "impuesto_activo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ajustes" ADD COLUMN "impuesto_nombre" varchar(20) DEFAULT 'IVA' NOT NULL;--> statement-breakpoint
ALTER TABLE "ajustes" ADD COLUMN "impuesto_tasa" integer DEFAULT 1600 NOT NULL;--> statement-breakpoint
ALTER TABLE "ajustes" ADD COLUMN "metodos_pago" jsonb;--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "metodo_pago" varchar(20) DEFAULT 'tarjeta' NOT NULL;--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "vence" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "pago_instrucciones" text;--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "impuesto_nombre" varchar(20);--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "impuesto_tasa" integer;--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "pago_tardio_monto" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "pago_tardio_referencia" varchar(255);--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "pago_tardio_fecha" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "venta_pendiente_pago_idx" ON "venta" USING btree ("vence") WHERE "venta"."estado" = 'pendiente_pago';--> statement-breakpoint
ALTER TABLE "ajustes" ADD CONSTRAINT "ajustes_impuesto_tasa_valida" CHECK ("ajustes"."impuesto_tasa" BETWEEN 1 AND 10000);--> statement-breakpoint
ALTER TABLE "venta" ADD CONSTRAINT "venta_metodo_pago_valido" CHECK ("venta"."metodo_pago" IN ('tarjeta', 'mercadopago', 'transferencia', 'contra_entrega'));--> statement-breakpoint
ALTER TABLE "venta" ADD CONSTRAINT "venta_impuesto_tasa_valida" CHECK ("venta"."impuesto_tasa" IS NULL OR "venta"."impuesto_tasa" BETWEEN 1 AND 10000);--> statement-breakpoint
ALTER TABLE "venta" ADD CONSTRAINT "venta_estado_valido" CHECK ("venta"."estado" IN ('pendiente', 'fallida', 'pendiente_pago', 'anulada', 'pagada', 'preparando', 'enviada', 'entregada', 'cancelada', 'reembolsada'));