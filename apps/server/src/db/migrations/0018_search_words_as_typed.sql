-- Search matches words as they are written, not Spanish stems (docs/decisions/062-search-precision.md):
-- the stemmer made 'medias' (socks) meet 'medio', 'cómoda' meet 'comodidad' and 'rope' meet 'ropa'. The
-- words are split as the vocabulary splits them (palabras_de, 0010: anything but a letter or a digit), so
-- the query's words and the vectors' always agree; plurals are asked for explicitly by the search.
-- busqueda (Spanish stems of the name) stays for the admin's product search.
ALTER TABLE "producto" DROP COLUMN "busqueda_completa";
--> statement-breakpoint
ALTER TABLE "producto" ADD COLUMN "busqueda_completa" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, regexp_replace(f_unaccent(lower(nombre || ' ' || descripcion_producto)), '[^a-z0-9]+', ' ', 'g'))) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "producto" ADD COLUMN "busqueda_nombre" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, regexp_replace(f_unaccent(lower(nombre)), '[^a-z0-9]+', ' ', 'g'))) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "producto_busqueda_completa_idx" ON "producto" USING gin ("busqueda_completa");
--> statement-breakpoint
CREATE INDEX "producto_visible_busqueda_idx" ON "producto" USING gin ("busqueda_completa") WHERE estado AND stock > 0;
--> statement-breakpoint
-- Suggestions look in the visible names only.
CREATE INDEX "producto_visible_busqueda_nombre_idx" ON "producto" USING gin ("busqueda_nombre") WHERE estado AND stock > 0;
