-- The outbox of transactional e-mail (docs/decisions/015-mail-outbox.md): a message is inserted in the same
-- transaction as the event it tells about, and a background loop in any process delivers it.
CREATE TABLE "correo" (
	"id" serial PRIMARY KEY NOT NULL,
	"destinatario" varchar(254) NOT NULL,
	"tipo" varchar(30) NOT NULL,
	"asunto" text NOT NULL,
	"html" text NOT NULL,
	"texto" text NOT NULL,
	"estado" varchar(10) DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"proximo_intento" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_error" text,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado" timestamp with time zone,
	CONSTRAINT "correo_estado_valido" CHECK ("correo"."estado" IN ('pendiente', 'enviado', 'fallido'))
);
--> statement-breakpoint
CREATE INDEX "correo_pendiente_idx" ON "correo" USING btree ("proximo_intento") WHERE "correo"."estado" = 'pendiente';
--> statement-breakpoint
CREATE INDEX "correo_fallido_idx" ON "correo" USING btree ("id") WHERE "correo"."estado" = 'fallido';
--> statement-breakpoint
-- Wakes the delivery loops as soon as the transaction that queued a message commits (NOTIFY is sent on
-- COMMIT, never for a rolled-back one), so no loop needs to poll the table.
CREATE FUNCTION notify_correo_pendiente() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('correo_pendiente', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER correo_notifica_pendiente
  AFTER INSERT ON correo
  FOR EACH STATEMENT EXECUTE FUNCTION notify_correo_pendiente();
