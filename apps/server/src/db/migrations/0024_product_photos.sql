CREATE TABLE "producto_imagen" (
	"id_producto_imagen" serial PRIMARY KEY NOT NULL,
	"id_producto" integer NOT NULL,
	"posicion" smallint NOT NULL,
	"url" text NOT NULL,
	"alt" varchar(200) DEFAULT '' NOT NULL,
	"tamanos" boolean DEFAULT false NOT NULL,
	CONSTRAINT "producto_imagen_posicion_unica" UNIQUE("id_producto","posicion"),
	CONSTRAINT "producto_imagen_posicion" CHECK ("posicion" BETWEEN 1 AND 10)
);
--> statement-breakpoint
ALTER TABLE "producto_imagen" ADD CONSTRAINT "producto_imagen_id_producto_producto_id_producto_fk" FOREIGN KEY ("id_producto") REFERENCES "public"."producto"("id_producto") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "producto_imagen_url_idx" ON "producto_imagen" USING btree ("url");--> statement-breakpoint
CREATE INDEX "producto_imagen_sin_tamanos_idx" ON "producto_imagen" USING btree ("id_producto_imagen") WHERE NOT "tamanos";--> statement-breakpoint
-- Every product's one picture becomes its first photo; its smaller sizes are made after start-up.
INSERT INTO "producto_imagen" ("id_producto", "posicion", "url")
SELECT "id_producto", 1, "imagen" FROM "producto" WHERE "imagen" <> '';
--> statement-breakpoint
-- Photos are part of the public catalog's answers (0004): a change tells every process to drop them. Marking
-- a photo's sizes as stored (tamanos) changes no answer.
CREATE TRIGGER producto_imagen_notifica_cambio
  AFTER INSERT OR UPDATE OF "url", "alt", "posicion" OR DELETE OR TRUNCATE ON "producto_imagen"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogo_cambio();
