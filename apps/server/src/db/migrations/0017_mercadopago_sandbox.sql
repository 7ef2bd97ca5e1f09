CREATE TABLE "pago_mp_sandbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_preferencia" varchar(64) NOT NULL,
	"referencia_externa" varchar(64) NOT NULL,
	"estado" varchar(20) NOT NULL,
	"detalle_estado" varchar(60) NOT NULL,
	"metodo" varchar(30) NOT NULL,
	"tipo" varchar(30) NOT NULL,
	"monto_centavos" bigint NOT NULL,
	"reembolsado_centavos" bigint DEFAULT 0 NOT NULL,
	"moneda" varchar(3) NOT NULL,
	"aprobado" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pago_mp_sandbox_reembolso_valido" CHECK ("pago_mp_sandbox"."reembolsado_centavos" >= 0 AND "pago_mp_sandbox"."reembolsado_centavos" <= "pago_mp_sandbox"."monto_centavos")
);
--> statement-breakpoint
CREATE TABLE "preferencia_mp_sandbox" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"referencia_externa" varchar(64) NOT NULL,
	"cuerpo" jsonb NOT NULL,
	"monto_centavos" bigint NOT NULL,
	"moneda" varchar(3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reembolso_mp_sandbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_pago" bigint NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"monto_centavos" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pago_mp_sandbox" ADD CONSTRAINT "pago_mp_sandbox_id_preferencia_preferencia_mp_sandbox_id_fk" FOREIGN KEY ("id_preferencia") REFERENCES "public"."preferencia_mp_sandbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolso_mp_sandbox" ADD CONSTRAINT "reembolso_mp_sandbox_id_pago_pago_mp_sandbox_id_fk" FOREIGN KEY ("id_pago") REFERENCES "public"."pago_mp_sandbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pago_mp_sandbox_referencia_idx" ON "pago_mp_sandbox" USING btree ("referencia_externa");--> statement-breakpoint
CREATE INDEX "pago_mp_sandbox_preferencia_idx" ON "pago_mp_sandbox" USING btree ("id_preferencia");--> statement-breakpoint
CREATE UNIQUE INDEX "reembolso_mp_sandbox_idempotency_key" ON "reembolso_mp_sandbox" USING btree ("idempotency_key");