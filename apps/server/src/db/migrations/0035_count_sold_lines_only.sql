-- A checkout writes its lines while the order is still pending, and 0010's trigger ran for each of them
-- an UPDATE of producto that matched no row; every UPDATE of producto, even of no row, runs its statement
-- triggers (the search vocabulary's comparison, the catalog's notification). A line now writes the
-- product only when its order is already sold (the seed's past orders); a paid order counts its lines
-- when it becomes paid (cuenta_unidades_venta), as before.
CREATE OR REPLACE FUNCTION cuenta_unidades_linea() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM venta WHERE id_venta = NEW.id_venta
             AND estado IN ('pagada', 'preparando', 'enviada', 'entregada')) THEN
    UPDATE producto SET unidades_vendidas = unidades_vendidas + NEW.cantidad
     WHERE id_producto = NEW.id_producto;
  END IF;
  RETURN NULL;
END;
$$;
