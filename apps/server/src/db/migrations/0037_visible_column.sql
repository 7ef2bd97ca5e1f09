-- What the public may see, stored: the listing indexes' predicate was `estado AND stock > 0`, so every
-- sale changed an indexed column and PostgreSQL wrote the product's new row into all sixteen of its indexes.
-- On `visible` instead, a sale that leaves the product in stock changes no indexed column and the row is
-- updated in place (a HOT update). The queries that walk these indexes ask for `visible` too, which is what
-- lets the planner use them (docs/decisions/108).
ALTER TABLE "producto" ADD COLUMN "visible" boolean GENERATED ALWAYS AS ("estado" AND "stock" > 0) STORED NOT NULL;
--> statement-breakpoint
DROP INDEX "producto_visible_busqueda_idx";
--> statement-breakpoint
CREATE INDEX producto_visible_busqueda_idx ON "producto" USING gin (busqueda_completa) WHERE "visible";
--> statement-breakpoint
DROP INDEX "producto_visible_busqueda_nombre_idx";
--> statement-breakpoint
CREATE INDEX producto_visible_busqueda_nombre_idx ON "producto" USING gin (busqueda_nombre) WHERE "visible";
--> statement-breakpoint
DROP INDEX "producto_visible_categoria_id_idx";
--> statement-breakpoint
CREATE INDEX producto_visible_categoria_id_idx ON "producto" USING btree (id_categoria_producto, id_producto) WHERE "visible";
--> statement-breakpoint
DROP INDEX "producto_visible_categoria_nombre_idx";
--> statement-breakpoint
CREATE INDEX producto_visible_categoria_nombre_idx ON "producto" USING btree (id_categoria_producto, nombre_normalizado, id_producto) WHERE "visible";
--> statement-breakpoint
DROP INDEX "producto_visible_categoria_precio_idx";
--> statement-breakpoint
CREATE INDEX producto_visible_categoria_precio_idx ON "producto" USING btree (id_categoria_producto, precio_efectivo, id_producto) WHERE "visible";
--> statement-breakpoint
DROP INDEX "producto_visible_categoria_recientes_idx";
--> statement-breakpoint
CREATE INDEX producto_visible_categoria_recientes_idx ON "producto" USING btree (id_categoria_producto, created_at, id_producto) WHERE "visible";
--> statement-breakpoint
DROP INDEX "producto_visible_id_idx";
--> statement-breakpoint
CREATE INDEX producto_visible_id_idx ON "producto" USING btree (id_producto, valor_descuento) WHERE "visible";
--> statement-breakpoint
DROP INDEX "producto_visible_nombre_idx";
--> statement-breakpoint
CREATE INDEX producto_visible_nombre_idx ON "producto" USING btree (nombre_normalizado, id_producto) WHERE "visible";
--> statement-breakpoint
DROP INDEX "producto_visible_precio_idx";
--> statement-breakpoint
CREATE INDEX producto_visible_precio_idx ON "producto" USING btree (precio_efectivo, id_producto) WHERE "visible";
--> statement-breakpoint
DROP INDEX "producto_visible_recientes_idx";
--> statement-breakpoint
CREATE INDEX producto_visible_recientes_idx ON "producto" USING btree (created_at, id_producto) WHERE "visible";
--> statement-breakpoint
DROP INDEX "producto_visible_vendidos_idx";
--> statement-breakpoint
CREATE INDEX producto_visible_vendidos_idx ON "producto" USING btree (unidades_vendidas DESC, id_producto) WHERE "visible";
