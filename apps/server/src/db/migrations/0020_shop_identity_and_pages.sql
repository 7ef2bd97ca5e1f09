CREATE TABLE "pagina" (
	"id_pagina" serial PRIMARY KEY NOT NULL,
	"slug" varchar(60) NOT NULL,
	"titulo" varchar(120) NOT NULL,
	"contenido" text NOT NULL,
	"actualizada" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pagina_slug_unico" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "tienda" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"nombre" varchar(60) NOT NULL,
	"logo" varchar(300),
	"favicon" varchar(300),
	"color_primario" varchar(7) NOT NULL,
	"color_acento" varchar(7) NOT NULL,
	"contacto_email" varchar(254) DEFAULT '' NOT NULL,
	"contacto_telefono" varchar(25) DEFAULT '' NOT NULL,
	"contacto_direccion" varchar(200) DEFAULT '' NOT NULL,
	"redes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"whatsapp" varchar(15) DEFAULT '' NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tienda_una_fila" CHECK ("tienda"."id" = 1)
);
--> statement-breakpoint
-- The rendered storefront pages show the shop's name, logo, colours, contact and pages' links, and every
-- process keeps them in memory until `catalogo_cambio` (0004): a change here tells them all to drop them.
CREATE TRIGGER tienda_notifica_cambio
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tienda
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogo_cambio();
--> statement-breakpoint
CREATE TRIGGER pagina_notifica_cambio
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pagina
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogo_cambio();
