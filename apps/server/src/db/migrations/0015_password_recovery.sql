CREATE TABLE "recuperacion_password" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"usado" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "recuperacion_password" ADD CONSTRAINT "recuperacion_password_id_usuario_usuario_id_usuario_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id_usuario") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recuperacion_password_usuario_idx" ON "recuperacion_password" USING btree ("id_usuario");