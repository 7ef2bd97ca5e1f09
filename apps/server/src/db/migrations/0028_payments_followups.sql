-- Cash on delivery travels unpaid as 'por_cobrar' (decision 084). No row is in that state yet: only the
-- check constraint changes.
ALTER TABLE "venta" DROP CONSTRAINT "venta_estado_valido";--> statement-breakpoint
ALTER TABLE "venta" ADD CONSTRAINT "venta_estado_valido" CHECK ("venta"."estado" IN ('pendiente', 'fallida', 'pendiente_pago', 'por_cobrar', 'anulada', 'pagada', 'preparando', 'enviada', 'lista_retiro', 'entregada', 'cancelada', 'reembolsada'));
--> statement-breakpoint
-- The dashboard counts, and the orders screen lists, the late payments to give back: few rows, found at once.
CREATE INDEX "venta_pago_tardio_idx" ON "venta" USING btree ("id_venta") WHERE "venta"."pago_tardio_referencia" IS NOT NULL;
