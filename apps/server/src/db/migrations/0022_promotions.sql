CREATE TABLE "promocion" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(40) NOT NULL,
	"tipo" varchar(12) NOT NULL,
	"valor" numeric(12, 2) DEFAULT '0' NOT NULL,
	"minimo" numeric(12, 2),
	"desde" date,
	"hasta" date,
	"usos_max" integer,
	"usos_por_cliente" integer,
	"categorias" integer[] DEFAULT '{}' NOT NULL,
	"productos" integer[] DEFAULT '{}' NOT NULL,
	"combinable" boolean DEFAULT true NOT NULL,
	"automatica" boolean DEFAULT false NOT NULL,
	"activa" boolean DEFAULT true NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promocion_tipo_valido" CHECK ("promocion"."tipo" IN ('porcentaje', 'monto', 'envio_gratis'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promocion_codigo_idx" ON "promocion" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "promocion_automatica_idx" ON "promocion" USING btree ("automatica") WHERE "promocion"."automatica";--> statement-breakpoint
CREATE TABLE "venta_promocion" (
	"id_venta" integer NOT NULL,
	"id_promocion" integer NOT NULL,
	"codigo" varchar(40) NOT NULL,
	"descuento" numeric(12, 2) NOT NULL,
	CONSTRAINT "venta_promocion_id_venta_id_promocion_pk" PRIMARY KEY("id_venta","id_promocion")
);
--> statement-breakpoint
ALTER TABLE "venta_promocion" ADD CONSTRAINT "venta_promocion_id_venta_venta_id_venta_fk" FOREIGN KEY ("id_venta") REFERENCES "public"."venta"("id_venta") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venta_promocion" ADD CONSTRAINT "venta_promocion_id_promocion_promocion_id_fk" FOREIGN KEY ("id_promocion") REFERENCES "public"."promocion"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venta_promocion_promocion_idx" ON "venta_promocion" USING btree ("id_promocion");--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "descuento" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "detalle_venta" ADD COLUMN "descuento" numeric(12, 2) DEFAULT '0' NOT NULL;
