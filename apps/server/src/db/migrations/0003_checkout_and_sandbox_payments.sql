CREATE TABLE "cargo_sandbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"id_venta" integer NOT NULL,
	"id_pago" varchar(64),
	"monto_centavos" integer NOT NULL,
	"estado" varchar(20) NOT NULL,
	"codigo_rechazo" varchar(30),
	"referencia" varchar(64) NOT NULL,
	"client_secret" varchar(128),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metodo_pago_sandbox" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL,
	"marca" varchar(20) NOT NULL,
	"ultimos4" varchar(4) NOT NULL,
	"comportamiento" varchar(30) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "metodo_pago_sandbox" ADD CONSTRAINT "metodo_pago_sandbox_id_usuario_usuario_id_usuario_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id_usuario") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cargo_sandbox_idempotency_key" ON "cargo_sandbox" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "cargo_sandbox_referencia_key" ON "cargo_sandbox" USING btree ("referencia");--> statement-breakpoint
CREATE UNIQUE INDEX "cargo_sandbox_client_secret_key" ON "cargo_sandbox" USING btree ("client_secret");--> statement-breakpoint
CREATE INDEX "cargo_sandbox_venta_idx" ON "cargo_sandbox" USING btree ("id_venta");--> statement-breakpoint
CREATE INDEX "metodo_pago_sandbox_usuario_idx" ON "metodo_pago_sandbox" USING btree ("id_usuario");--> statement-breakpoint
CREATE INDEX "venta_pendiente_idx" ON "venta" USING btree ("fecha") WHERE "venta"."estado" = 'pendiente';--> statement-breakpoint
ALTER TABLE "venta" ADD CONSTRAINT "venta_estado_valido" CHECK ("venta"."estado" IN ('pendiente', 'pagada', 'fallida'));