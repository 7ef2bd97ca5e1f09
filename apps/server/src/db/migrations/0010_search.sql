-- Search that finds what shoppers mean (docs/decisions/016-search-typos-synonyms.md).
-- The name and the description together, stemmed: what a search matches (the name alone, busqueda, ranks).
ALTER TABLE "producto" ADD COLUMN "busqueda_completa" tsvector GENERATED ALWAYS AS (to_tsvector('spanish'::regconfig, f_unaccent(nombre || ' ' || descripcion_producto))) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "producto_busqueda_completa_idx" ON "producto" USING gin ("busqueda_completa");
--> statement-breakpoint
-- Units sold in orders that were paid and not cancelled or refunded: the last tiebreak of a search, read
-- with the row instead of summing sales.
ALTER TABLE "producto" ADD COLUMN "unidades_vendidas" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "producto" p SET "unidades_vendidas" = s.unidades
  FROM (SELECT d.id_producto, sum(d.cantidad)::integer AS unidades
          FROM detalle_venta d JOIN venta v ON v.id_venta = d.id_venta
         WHERE v.estado IN ('pagada', 'preparando', 'enviada', 'entregada') GROUP BY d.id_producto) s
 WHERE p.id_producto = s.id_producto;
--> statement-breakpoint
-- A line counts while its order is sold (paid, being prepared, shipped or delivered): added with the line
-- of an order already paid (the seed writes them so) or when the order becomes paid, taken back when it is
-- cancelled or refunded.
CREATE FUNCTION cuenta_unidades_linea() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE producto SET unidades_vendidas = unidades_vendidas + NEW.cantidad
   WHERE id_producto = NEW.id_producto
     AND EXISTS (SELECT 1 FROM venta WHERE id_venta = NEW.id_venta
                 AND estado IN ('pagada', 'preparando', 'enviada', 'entregada'));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER detalle_venta_cuenta_unidades
  AFTER INSERT ON detalle_venta
  FOR EACH ROW EXECUTE FUNCTION cuenta_unidades_linea();
--> statement-breakpoint
CREATE FUNCTION cuenta_unidades_venta() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  signo integer := (NEW.estado IN ('pagada', 'preparando', 'enviada', 'entregada'))::integer
                 - (OLD.estado IN ('pagada', 'preparando', 'enviada', 'entregada'))::integer;
BEGIN
  IF signo <> 0 THEN
    -- The products in id order first, as taking stock locks them: transactions that change a sale and
    -- its products then never wait for each other in a circle (a deadlock PostgreSQL would cancel).
    PERFORM 1 FROM producto
      WHERE id_producto IN (SELECT id_producto FROM detalle_venta WHERE id_venta = NEW.id_venta)
      ORDER BY id_producto FOR UPDATE;
    UPDATE producto p SET unidades_vendidas = greatest(0, p.unidades_vendidas + signo * d.cantidad)
      FROM (SELECT id_producto, sum(cantidad)::integer AS cantidad FROM detalle_venta
             WHERE id_venta = NEW.id_venta GROUP BY id_producto) d
     WHERE p.id_producto = d.id_producto;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER venta_cuenta_unidades
  AFTER UPDATE OF estado ON venta
  FOR EACH ROW WHEN (OLD.estado IS DISTINCT FROM NEW.estado)
  EXECUTE FUNCTION cuenta_unidades_venta();
--> statement-breakpoint
-- The catalog's words (accent-free, lower case, 3+ letters) with how many products use each, from names
-- and descriptions: what a typo is corrected to. Kept current by the triggers below, per statement.
CREATE TABLE "vocabulario" (
  "palabra" text PRIMARY KEY NOT NULL,
  "productos" integer NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION palabras_de(texto text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT DISTINCT w FROM regexp_split_to_table(public.f_unaccent(lower(texto)), '[^a-z0-9]+') AS w WHERE length(w) >= 3 $$;
--> statement-breakpoint
-- Transition tables cannot be combined with a column list (UPDATE OF), so an update compares the rows
-- itself: a sale's stock change touches no word and announces nothing.
CREATE FUNCTION actualiza_vocabulario() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  viejas text[] := '{}';
  nuevas text[] := '{}';
  cambiadas integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    nuevas := ARRAY(SELECT nombre || ' ' || descripcion_producto FROM nuevos);
  ELSIF TG_OP = 'DELETE' THEN
    viejas := ARRAY(SELECT nombre || ' ' || descripcion_producto FROM viejos);
  ELSE
    SELECT coalesce(array_agg(o.nombre || ' ' || o.descripcion_producto), '{}'),
           coalesce(array_agg(n.nombre || ' ' || n.descripcion_producto), '{}')
      INTO viejas, nuevas
      FROM viejos o JOIN nuevos n ON n.id_producto = o.id_producto
     WHERE n.nombre <> o.nombre OR n.descripcion_producto <> o.descripcion_producto;
  END IF;
  IF cardinality(viejas) = 0 AND cardinality(nuevas) = 0 THEN
    RETURN NULL;
  END IF;
  WITH delta AS (
    SELECT palabra, sum(d)::integer AS d FROM (
      SELECT w AS palabra, -1 AS d FROM unnest(viejas) AS t(texto), palabras_de(t.texto) AS w
      UNION ALL
      SELECT w, 1 FROM unnest(nuevas) AS t(texto), palabras_de(t.texto) AS w
    ) x GROUP BY palabra HAVING sum(d) <> 0
  ), upsert AS (
    INSERT INTO vocabulario AS v (palabra, productos) SELECT palabra, d FROM delta
    ON CONFLICT (palabra) DO UPDATE SET productos = v.productos + excluded.productos
    RETURNING 1
  )
  SELECT count(*) INTO cambiadas FROM upsert;
  IF cambiadas > 0 THEN
    DELETE FROM vocabulario WHERE productos <= 0;
    PERFORM pg_notify('busqueda_cambio', '');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER producto_vocabulario_alta
  AFTER INSERT ON producto REFERENCING NEW TABLE AS nuevos
  FOR EACH STATEMENT EXECUTE FUNCTION actualiza_vocabulario();
--> statement-breakpoint
CREATE TRIGGER producto_vocabulario_cambio
  AFTER UPDATE ON producto REFERENCING OLD TABLE AS viejos NEW TABLE AS nuevos
  FOR EACH STATEMENT EXECUTE FUNCTION actualiza_vocabulario();
--> statement-breakpoint
CREATE TRIGGER producto_vocabulario_baja
  AFTER DELETE ON producto REFERENCING OLD TABLE AS viejos
  FOR EACH STATEMENT EXECUTE FUNCTION actualiza_vocabulario();
--> statement-breakpoint
INSERT INTO vocabulario (palabra, productos)
  SELECT w, count(DISTINCT p.id_producto)::integer FROM producto p,
         palabras_de(p.nombre || ' ' || p.descripcion_producto) AS w
   GROUP BY w;
--> statement-breakpoint
-- The synonyms dictionary the owner edits (Sinónimos). Applied at query time: an edit needs no reindex.
CREATE TABLE "sinonimo" (
  "id_sinonimo" serial PRIMARY KEY NOT NULL,
  "terminos" text[] NOT NULL,
  "unidireccional" boolean DEFAULT false NOT NULL,
  CONSTRAINT "sinonimo_terminos" CHECK (cardinality(terminos) BETWEEN 2 AND 20)
);
--> statement-breakpoint
CREATE INDEX "sinonimo_terminos_idx" ON "sinonimo" USING gin ("terminos");
--> statement-breakpoint
-- A synonym edit changes what searches answer: every process drops its cached listings (catalogo_cambio)
-- and reloads the dictionary (busqueda_cambio).
CREATE FUNCTION notify_sinonimo_cambio() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('busqueda_cambio', '');
  PERFORM pg_notify('catalogo_cambio', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sinonimo_notifica_cambio
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sinonimo
  FOR EACH STATEMENT EXECUTE FUNCTION notify_sinonimo_cambio();
--> statement-breakpoint
-- What shoppers search, per day: the normalized query only, never who searched.
CREATE TABLE "busqueda_diaria" (
  "dia" date NOT NULL,
  "consulta" varchar(100) NOT NULL,
  "veces" integer DEFAULT 0 NOT NULL,
  "sin_resultados" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "busqueda_diaria_pk" PRIMARY KEY ("dia", "consulta")
);
--> statement-breakpoint
-- The best sellers offered when a search finds nothing: the first entries of this index.
CREATE INDEX "producto_visible_vendidos_idx" ON "producto" USING btree ("unidades_vendidas" DESC, "id_producto") WHERE "producto"."estado" AND "producto"."stock" > 0;
