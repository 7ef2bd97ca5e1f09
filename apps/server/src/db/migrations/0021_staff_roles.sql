CREATE TABLE "invitacion_personal" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"email" varchar(254) NOT NULL,
	"rol" varchar(10) NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"aceptada" timestamp with time zone,
	"id_usuario" integer,
	CONSTRAINT "invitacion_personal_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "rol" varchar(10);--> statement-breakpoint
ALTER TABLE "invitacion_personal" ADD CONSTRAINT "invitacion_personal_id_usuario_usuario_id_usuario_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id_usuario") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitacion_personal_email_idx" ON "invitacion_personal" USING btree ("email");--> statement-breakpoint
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_rol" CHECK ("usuario"."rol" IN ('encargado', 'ventas') AND NOT "usuario"."admin" OR "usuario"."rol" IS NULL);