DROP INDEX "producto_nombre_trgm_idx";--> statement-breakpoint
DROP INDEX "producto_visible_nombre_idx";--> statement-breakpoint
DROP INDEX "producto_visible_categoria_nombre_idx";--> statement-breakpoint
ALTER TABLE "producto" ADD COLUMN "nombre_normalizado" text GENERATED ALWAYS AS (f_unaccent(lower(nombre))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "producto_nombre_trgm_idx" ON "producto" USING gin ("nombre_normalizado" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "producto_visible_nombre_idx" ON "producto" USING btree ("nombre_normalizado","id_producto") WHERE "producto"."estado" AND "producto"."stock" > 0;--> statement-breakpoint
CREATE INDEX "producto_visible_categoria_nombre_idx" ON "producto" USING btree ("id_categoria_producto","nombre_normalizado","id_producto") WHERE "producto"."estado" AND "producto"."stock" > 0;