ALTER TABLE "reembolso" ADD COLUMN "envio" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "reembolso" ADD COLUMN "devuelve_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "envio_reembolsado" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Before this migration a refund gave back the shipping only when it refunded everything left (completo).
UPDATE "reembolso" SET "envio" = LEAST(v."costo_envio", "reembolso"."monto") FROM "venta" v WHERE v."id_venta" = "reembolso"."id_venta" AND "reembolso"."completo";--> statement-breakpoint
UPDATE "venta" SET "envio_reembolsado" = "costo_envio" WHERE EXISTS (SELECT 1 FROM "reembolso" r WHERE r."id_venta" = "venta"."id_venta" AND r."completo" AND r."estado" = 'completado') AND "costo_envio" <= "monto_reembolsado";--> statement-breakpoint
-- A refund still pending returns its units as it would have before: by the order's state now.
UPDATE "reembolso" SET "devuelve_stock" = v."estado" IN ('pagada', 'preparando') FROM "venta" v WHERE v."id_venta" = "reembolso"."id_venta" AND "reembolso"."estado" = 'pendiente';--> statement-breakpoint
ALTER TABLE "reembolso" ADD CONSTRAINT "reembolso_envio_valido" CHECK ("reembolso"."envio" >= 0 AND "reembolso"."envio" <= "reembolso"."monto");--> statement-breakpoint
ALTER TABLE "venta" ADD CONSTRAINT "venta_envio_reembolsado_valido" CHECK ("venta"."envio_reembolsado" >= 0 AND "venta"."envio_reembolsado" <= "venta"."costo_envio" AND "venta"."envio_reembolsado" <= "venta"."monto_reembolsado");