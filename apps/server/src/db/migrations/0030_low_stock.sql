-- Low stock (docs/decisions/090-low-stock.md): a variant's own threshold (null: the shop's default), the
-- shop's default, and the days whose low-stock digest went out (one a day, whichever process sends it).
ALTER TABLE "variante" ADD COLUMN "stock_minimo" integer;
--> statement-breakpoint
ALTER TABLE "variante" ADD CONSTRAINT "variante_stock_minimo_valido" CHECK ("variante"."stock_minimo" IS NULL OR "variante"."stock_minimo" BETWEEN 0 AND 10000);
--> statement-breakpoint
ALTER TABLE "ajustes" ADD COLUMN "stock_minimo" integer DEFAULT 5 NOT NULL;
--> statement-breakpoint
ALTER TABLE "ajustes" ADD CONSTRAINT "ajustes_stock_minimo_valido" CHECK ("ajustes"."stock_minimo" BETWEEN 0 AND 10000);
--> statement-breakpoint
CREATE TABLE "aviso_stock_bajo" (
  "dia" date PRIMARY KEY NOT NULL,
  "creado" timestamp with time zone DEFAULT now() NOT NULL
);
