-- A checkout writes each line's variant, and the variant's trigger (0023) read all the product's variants
-- again to rewrite the product's mirror. A change of units alone that keeps the variant in or out of stock
-- now moves the product's units by the same amount (docs/decisions/074-variants.md).
CREATE OR REPLACE FUNCTION variante_al_producto() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p integer;
BEGIN
  -- A sale, a cancellation or a refund moves only a variant's units. While the variant stays on sale and
  -- stays in or out of stock, the product's units move by as much and the rest of the mirror cannot
  -- change: no need to read the product's variants again on every line of every checkout. Only for a
  -- variant written itself: one the product's own trigger wrote (depth 2) copies a product already set.
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() = 1 AND OLD.estado AND NEW.estado AND NEW.id_producto = OLD.id_producto
     AND (OLD.stock > 0) = (NEW.stock > 0)
     AND (NEW.valor, NEW.valor_descuento, NEW.valores) IS NOT DISTINCT FROM (OLD.valor, OLD.valor_descuento, OLD.valores) THEN
    IF NEW.stock <> OLD.stock THEN
      UPDATE producto SET stock = stock + (NEW.stock - OLD.stock) WHERE id_producto = NEW.id_producto;
    END IF;
    RETURN NULL;
  END IF;
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
