-- Every process keeps the public catalog's answers in memory (see docs/decisions/008-catalog-cache.md).
-- Any statement that changes products or categories, from any process, job or psql session, tells every
-- listening connection to drop them.
CREATE FUNCTION notify_catalogo_cambio() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogo_cambio', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER producto_notifica_cambio
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON producto
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogo_cambio();
--> statement-breakpoint
CREATE TRIGGER categoria_producto_notifica_cambio
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categoria_producto
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogo_cambio();
