-- Low stock (docs/decisions/090-low-stock.md): a variant's own threshold (null: the shop's default), the
-- shop's default, and the days whose low-stock digest went out (one a day, whichever process sends it).
ALTER TABLE "variante" ADD COLUMN "stock_minimo" integer;
--> statement-breakpoint
ALTER TABLE "variante" ADD CONSTRAINT "variante_stock_minimo_valido" CHECK ("variante"."stock_minimo" IS NULL OR "variante"."stock_minimo" BETWEEN 0 AND 10000);
--> statement-breakpoint
ALTER TABLE "ajustes" ADD COLUMN "stock_minimo" integer DEFAULT 5 NOT NULL;
--> statement-breakpoint
ALTER TABLE "ajustes" ADD CONSTRAINT "ajustes_stock_minimo_valido" CHECK ("ajustes"."stock_minimo" BETWEEN 0 AND 10000);
--> statement-breakpoint
CREATE TABLE "aviso_stock_bajo" (
  "dia" date PRIMARY KEY NOT NULL,
  "creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Option words are catalog words (docs/decisions/091-option-words-are-catalog-words.md): the vocabulary
-- counts, besides the products that have a word, those whose options have it, and learns every option
-- word however short ('M', 'XL'); names and descriptions keep giving words of 3+ letters.
ALTER TABLE "vocabulario" ADD COLUMN "opciones" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE FUNCTION palabras_de_producto(texto text, opciones text) RETURNS TABLE (palabra text, opcion boolean)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT w, bool_or(o) FROM (
          SELECT w, false AS o FROM palabras_de(texto) AS w
          UNION ALL
          SELECT w, true FROM regexp_split_to_table(public.f_unaccent(lower(opciones)), '[^a-z0-9]+') AS w
           WHERE w <> ''
        ) x GROUP BY w $$;
--> statement-breakpoint
-- As 0023's, with the options counted apart; and an update that changes only opciones_texto (what a
-- variant's write does to its product) now changes the vocabulary too: 0023 compared them but read only
-- names and descriptions, so no option word ever reached it.
CREATE OR REPLACE FUNCTION actualiza_vocabulario() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  viejas text[] := '{}';
  viejas_opciones text[] := '{}';
  nuevas text[] := '{}';
  nuevas_opciones text[] := '{}';
  cambiadas integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT coalesce(array_agg(nombre || ' ' || descripcion_producto), '{}'), coalesce(array_agg(opciones_texto), '{}')
      INTO nuevas, nuevas_opciones FROM nuevos;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT coalesce(array_agg(nombre || ' ' || descripcion_producto), '{}'), coalesce(array_agg(opciones_texto), '{}')
      INTO viejas, viejas_opciones FROM viejos;
  ELSE
    SELECT coalesce(array_agg(o.nombre || ' ' || o.descripcion_producto), '{}'),
           coalesce(array_agg(o.opciones_texto), '{}'),
           coalesce(array_agg(n.nombre || ' ' || n.descripcion_producto), '{}'),
           coalesce(array_agg(n.opciones_texto), '{}')
      INTO viejas, viejas_opciones, nuevas, nuevas_opciones
      FROM viejos o JOIN nuevos n ON n.id_producto = o.id_producto
     WHERE n.nombre <> o.nombre OR n.descripcion_producto <> o.descripcion_producto
        OR n.opciones_texto <> o.opciones_texto;
  END IF;
  IF cardinality(viejas) = 0 AND cardinality(nuevas) = 0 THEN
    RETURN NULL;
  END IF;
  WITH delta AS (
    SELECT palabra, sum(d)::integer AS d, sum(d) FILTER (WHERE opcion)::integer AS o FROM (
      SELECT w.palabra, w.opcion, -1 AS d
        FROM unnest(viejas, viejas_opciones) AS t(texto, opciones), palabras_de_producto(t.texto, t.opciones) AS w
      UNION ALL
      SELECT w.palabra, w.opcion, 1
        FROM unnest(nuevas, nuevas_opciones) AS t(texto, opciones), palabras_de_producto(t.texto, t.opciones) AS w
    ) x GROUP BY palabra
    HAVING sum(d) <> 0 OR coalesce(sum(d) FILTER (WHERE opcion), 0) <> 0
  ), upsert AS (
    INSERT INTO vocabulario AS v (palabra, productos, opciones) SELECT palabra, d, coalesce(o, 0) FROM delta
    ON CONFLICT (palabra) DO UPDATE
      SET productos = v.productos + excluded.productos, opciones = v.opciones + excluded.opciones
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
-- The products' option words were never counted: the vocabulary is counted again from the products.
DELETE FROM vocabulario;
--> statement-breakpoint
INSERT INTO vocabulario (palabra, productos, opciones)
  SELECT w.palabra, count(*)::integer, (count(*) FILTER (WHERE w.opcion))::integer
    FROM producto p, palabras_de_producto(p.nombre || ' ' || p.descripcion_producto, p.opciones_texto) AS w
   GROUP BY w.palabra;
