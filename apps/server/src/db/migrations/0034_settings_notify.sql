-- What every paid order reads of the shop's settings (the settings row, the shop's identity, the staff who
-- hear of each order, the automatic promotions) is kept in each process until `ajustes_cambio` says it changed
-- (docs/decisions/100-kept-settings.md).
CREATE FUNCTION notify_ajustes_cambio() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ajustes_cambio', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ajustes_notifica_ajustes
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ajustes
  FOR EACH STATEMENT EXECUTE FUNCTION notify_ajustes_cambio();
--> statement-breakpoint
CREATE TRIGGER tienda_notifica_ajustes
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tienda
  FOR EACH STATEMENT EXECUTE FUNCTION notify_ajustes_cambio();
--> statement-breakpoint
CREATE TRIGGER promocion_notifica_ajustes
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON promocion
  FOR EACH STATEMENT EXECUTE FUNCTION notify_ajustes_cambio();
--> statement-breakpoint
-- Only an account that hears of orders before or after the change: a customer's sign-up or sign-in changes
-- nothing kept.
CREATE TRIGGER usuario_avisos_alta
  AFTER INSERT ON usuario
  FOR EACH ROW WHEN (NEW.avisos_pedidos) EXECUTE FUNCTION notify_ajustes_cambio();
--> statement-breakpoint
CREATE TRIGGER usuario_avisos_cambio
  AFTER UPDATE ON usuario
  FOR EACH ROW WHEN (OLD.avisos_pedidos OR NEW.avisos_pedidos) EXECUTE FUNCTION notify_ajustes_cambio();
--> statement-breakpoint
CREATE TRIGGER usuario_avisos_baja
  AFTER DELETE ON usuario
  FOR EACH ROW WHEN (OLD.avisos_pedidos) EXECUTE FUNCTION notify_ajustes_cambio();
--> statement-breakpoint
CREATE TRIGGER usuario_vaciado_avisos
  AFTER TRUNCATE ON usuario
  FOR EACH STATEMENT EXECUTE FUNCTION notify_ajustes_cambio();
