-- Options and variants (docs/decisions/074-variants.md). Stock and prices live on the variants; the
-- product's stock, valor and valor_descuento become a mirror the triggers below keep, so the listing
-- indexes, the search and SPEC's API read the product as before.
ALTER TABLE "producto" ADD COLUMN "opciones" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "producto" ADD COLUMN "precio_varia" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "producto" ADD COLUMN "opciones_texto" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE TABLE "variante" (
	"id_variante" serial PRIMARY KEY NOT NULL,
	"id_producto" integer NOT NULL REFERENCES "producto"("id_producto") ON DELETE CASCADE,
	"sku" varchar(40) NOT NULL,
	"valores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"valor" numeric(12, 2) NOT NULL,
	"valor_descuento" numeric(12, 2),
	"stock" integer DEFAULT 0 NOT NULL,
	"imagen" text DEFAULT '' NOT NULL,
	"estado" boolean DEFAULT true NOT NULL,
	CONSTRAINT "variante_valor_positivo" CHECK ("variante"."valor" > 0),
	CONSTRAINT "variante_descuento_valido" CHECK ("variante"."valor_descuento" IS NULL OR ("variante"."valor_descuento" > 0 AND "variante"."valor_descuento" < "variante"."valor")),
	CONSTRAINT "variante_stock_no_negativo" CHECK ("variante"."stock" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "variante_sku_key" ON "variante" USING btree (lower("sku"));
--> statement-breakpoint
CREATE UNIQUE INDEX "variante_producto_valores_key" ON "variante" USING btree ("id_producto", "valores");
--> statement-breakpoint
-- A variant saved without a SKU gets one from its id.
CREATE FUNCTION variante_sku_por_omision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.sku IS NULL OR NEW.sku = '' THEN
    NEW.sku := 'VT-' || NEW.id_variante;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER variante_sku_por_omision BEFORE INSERT ON variante
  FOR EACH ROW EXECUTE FUNCTION variante_sku_por_omision();
--> statement-breakpoint
-- The product mirrors its variants: stock = the active variants' units; price = the cheapest variant
-- that can be bought (else the cheapest active one, else any); precio_varia = active variants' prices
-- differ ('Desde $…'); opciones_texto = the option names and the active values, which search reads. Written only when
-- something changes, so a sale writes the product as it did before variants.
CREATE FUNCTION variante_al_producto() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p integer;
BEGIN
  IF TG_OP = 'DELETE' THEN p := OLD.id_producto; ELSE p := NEW.id_producto; END IF;
  UPDATE producto SET stock = d.stock, valor = d.valor, valor_descuento = d.valor_descuento,
         precio_varia = d.varia, opciones_texto = d.texto
    FROM (SELECT coalesce(sum(v.stock) FILTER (WHERE v.estado), 0)::integer AS stock,
                 (array_agg(v.valor ORDER BY NOT (v.estado AND v.stock > 0), NOT v.estado,
                    coalesce(v.valor_descuento, v.valor), v.id_variante))[1] AS valor,
                 (array_agg(v.valor_descuento ORDER BY NOT (v.estado AND v.stock > 0), NOT v.estado,
                    coalesce(v.valor_descuento, v.valor), v.id_variante))[1] AS valor_descuento,
                 count(DISTINCT coalesce(v.valor_descuento, v.valor)) FILTER (WHERE v.estado) > 1 AS varia,
                 concat_ws(' ',
                   (SELECT string_agg(o->>'nombre', ' ') FROM producto q, jsonb_array_elements(q.opciones) o
                     WHERE q.id_producto = p),
                   (SELECT string_agg(DISTINCT x, ' ') FROM variante w, jsonb_array_elements_text(w.valores) x
                     WHERE w.id_producto = p AND w.estado)) AS texto
            FROM variante v WHERE v.id_producto = p) d
   WHERE producto.id_producto = p AND d.valor IS NOT NULL
     AND (producto.stock, producto.valor, producto.valor_descuento, producto.precio_varia, producto.opciones_texto)
         IS DISTINCT FROM (d.stock, d.valor, d.valor_descuento, d.varia, d.texto);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER variante_al_producto AFTER INSERT OR UPDATE OR DELETE ON variante
  FOR EACH ROW EXECUTE FUNCTION variante_al_producto();
--> statement-breakpoint
-- A direct write of a one-variant product's stock or prices (SPEC's edit, older callers) is its
-- variant's; the variant's own trigger writing the product (a nested trigger) is not copied back.
CREATE FUNCTION producto_a_variante() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  UPDATE variante SET stock = NEW.stock, valor = NEW.valor, valor_descuento = NEW.valor_descuento
   WHERE id_producto = NEW.id_producto
     AND (SELECT count(*) FROM variante w WHERE w.id_producto = NEW.id_producto) = 1
     AND (stock, valor, valor_descuento) IS DISTINCT FROM (NEW.stock, NEW.valor, NEW.valor_descuento);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER producto_a_variante AFTER UPDATE OF stock, valor, valor_descuento ON producto
  FOR EACH ROW EXECUTE FUNCTION producto_a_variante();
--> statement-breakpoint
-- A product committed without variants (made by SPEC's create, the seed or a test) gets its one variant
-- from its own stock and prices, as it stands when the transaction commits.
CREATE FUNCTION producto_variante_unica() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO variante (id_producto, sku, valor, valor_descuento, stock)
  SELECT p.id_producto, NULL, p.valor, p.valor_descuento, p.stock FROM producto p
   WHERE p.id_producto = NEW.id_producto
     AND NOT EXISTS (SELECT 1 FROM variante v WHERE v.id_producto = p.id_producto);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER producto_variante_unica AFTER INSERT ON producto
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION producto_variante_unica();
--> statement-breakpoint
-- Every existing product becomes exactly one variant with its price and stock.
INSERT INTO variante (id_producto, sku, valor, valor_descuento, stock)
  SELECT id_producto, NULL, valor, valor_descuento, stock FROM producto ORDER BY id_producto;
--> statement-breakpoint
-- Search reads the option values too ('camiseta roja talla m').
ALTER TABLE "producto" DROP COLUMN "busqueda_completa";
--> statement-breakpoint
ALTER TABLE "producto" ADD COLUMN "busqueda_completa" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, regexp_replace(f_unaccent(lower(nombre || ' ' || descripcion_producto || ' ' || opciones_texto)), '[^a-z0-9]+', ' ', 'g'))) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "producto_busqueda_completa_idx" ON "producto" USING gin ("busqueda_completa");
--> statement-breakpoint
CREATE INDEX "producto_visible_busqueda_idx" ON "producto" USING gin ("busqueda_completa") WHERE estado AND stock > 0;
--> statement-breakpoint
-- The search's vocabulary (0010) learns the option names and values too, so a query's words are found.
CREATE OR REPLACE FUNCTION actualiza_vocabulario() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  viejas text[] := '{}';
  nuevas text[] := '{}';
  cambiadas integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    nuevas := ARRAY(SELECT nombre || ' ' || descripcion_producto || ' ' || opciones_texto FROM nuevos);
  ELSIF TG_OP = 'DELETE' THEN
    viejas := ARRAY(SELECT nombre || ' ' || descripcion_producto || ' ' || opciones_texto FROM viejos);
  ELSE
    SELECT coalesce(array_agg(o.nombre || ' ' || o.descripcion_producto), '{}'),
           coalesce(array_agg(n.nombre || ' ' || n.descripcion_producto), '{}')
      INTO viejas, nuevas
      FROM viejos o JOIN nuevos n ON n.id_producto = o.id_producto
     WHERE n.nombre <> o.nombre OR n.descripcion_producto <> o.descripcion_producto
        OR n.opciones_texto <> o.opciones_texto;
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
-- An order line names the variant it sold, as it was then.
ALTER TABLE "detalle_venta" ADD COLUMN "id_variante" integer REFERENCES "variante"("id_variante");
--> statement-breakpoint
ALTER TABLE "detalle_venta" ADD COLUMN "variante" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "detalle_venta" ADD COLUMN "sku" varchar(40) DEFAULT '' NOT NULL;
--> statement-breakpoint
UPDATE detalle_venta d SET id_variante = v.id_variante, sku = v.sku
  FROM variante v WHERE v.id_producto = d.id_producto;
--> statement-breakpoint
CREATE INDEX "detalle_venta_variante_idx" ON "detalle_venta" USING btree ("id_variante");
