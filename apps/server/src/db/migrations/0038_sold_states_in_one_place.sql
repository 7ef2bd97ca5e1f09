-- Which order states count as sold, written once for both triggers of units sold: ACTIVE_ORDER_STATES
-- (packages/shared), which units-sold.test.ts holds this function equal to. The triggers' own copies left
-- out 'lista_retiro' (0027), so a paid order waiting at the store for its buyer took its units back out
-- until it was delivered.
CREATE FUNCTION estado_vendido(estado text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT estado IN ('pagada', 'preparando', 'enviada', 'lista_retiro', 'entregada') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cuenta_unidades_venta() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  signo integer := estado_vendido(NEW.estado)::integer - estado_vendido(OLD.estado)::integer;
BEGIN
  IF signo <> 0 THEN
    INSERT INTO unidades_por_contar (id_producto, cantidad)
      SELECT id_producto, signo * sum(cantidad)::integer FROM detalle_venta
       WHERE id_venta = NEW.id_venta GROUP BY id_producto;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cuenta_unidades_linea() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM venta WHERE id_venta = NEW.id_venta AND estado_vendido(estado)) THEN
    INSERT INTO unidades_por_contar (id_producto, cantidad) VALUES (NEW.id_producto, NEW.cantidad);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The orders waiting at the store now had their units taken out: they are counted back in.
INSERT INTO unidades_por_contar (id_producto, cantidad)
  SELECT d.id_producto, sum(d.cantidad)::integer
    FROM detalle_venta d JOIN venta v ON v.id_venta = d.id_venta
   WHERE v.estado = 'lista_retiro'
   GROUP BY d.id_producto;
