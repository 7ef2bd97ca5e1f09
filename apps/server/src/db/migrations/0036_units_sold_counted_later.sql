-- A paid order no longer writes its products' units sold: each such UPDATE of producto rewrote the row
-- through all of its indexes (unidades_vendidas is indexed, so it is never a HOT update) and held the
-- product's lock while every other checkout of it waited. The triggers queue the units here instead, and
-- the catalog's loop counts them in, each product once per pass (docs/decisions/107).
CREATE TABLE "unidades_por_contar" (
  "id_producto" integer NOT NULL,
  "cantidad" integer NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cuenta_unidades_venta() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  signo integer := (NEW.estado IN ('pagada', 'preparando', 'enviada', 'entregada'))::integer
                 - (OLD.estado IN ('pagada', 'preparando', 'enviada', 'entregada'))::integer;
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
  IF EXISTS (SELECT 1 FROM venta WHERE id_venta = NEW.id_venta
             AND estado IN ('pagada', 'preparando', 'enviada', 'entregada')) THEN
    INSERT INTO unidades_por_contar (id_producto, cantidad) VALUES (NEW.id_producto, NEW.cantidad);
  END IF;
  RETURN NULL;
END;
$$;
