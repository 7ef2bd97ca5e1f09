-- Guests' saved carts (issue 37 item 5, docs/decisions/095-guest-carts.md): a cart belongs to an account
-- or to the e-mail a guest typed at checkout, never both, never neither; its reminders are the cart's.
ALTER TABLE "carrito" DROP CONSTRAINT "carrito_pkey";--> statement-breakpoint
ALTER TABLE "carrito" ADD COLUMN "id" serial PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "carrito" ALTER COLUMN "id_usuario" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "carrito_usuario_idx" ON "carrito" USING btree ("id_usuario");--> statement-breakpoint
ALTER TABLE "carrito" ADD COLUMN "email_invitado" varchar(254);--> statement-breakpoint
ALTER TABLE "carrito" ADD COLUMN "nombre_invitado" varchar(50);--> statement-breakpoint
ALTER TABLE "carrito" ADD CONSTRAINT "carrito_dueno" CHECK (("carrito"."id_usuario" IS NULL) <> ("carrito"."email_invitado" IS NULL));--> statement-breakpoint
ALTER TABLE "carrito" ADD CONSTRAINT "carrito_email_invitado_lower" CHECK ("carrito"."email_invitado" = lower("carrito"."email_invitado"));--> statement-breakpoint
-- The reminders look up a guest e-mail's other carts: whether it said no, or had a reminder today.
CREATE INDEX "carrito_email_invitado_idx" ON "carrito" USING btree ("email_invitado");--> statement-breakpoint
ALTER TABLE "carrito_recordatorio" ADD COLUMN "id_carrito" integer;--> statement-breakpoint
UPDATE "carrito_recordatorio" r SET "id_carrito" = c."id" FROM "carrito" c WHERE c."id_usuario" = r."id_usuario";--> statement-breakpoint
ALTER TABLE "carrito_recordatorio" ALTER COLUMN "id_carrito" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "carrito_recordatorio" ADD CONSTRAINT "carrito_recordatorio_id_carrito_carrito_id_fk" FOREIGN KEY ("id_carrito") REFERENCES "public"."carrito"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
DROP INDEX "carrito_recordatorio_usuario_idx";--> statement-breakpoint
ALTER TABLE "carrito_recordatorio" DROP COLUMN "id_usuario";--> statement-breakpoint
CREATE INDEX "carrito_recordatorio_carrito_idx" ON "carrito_recordatorio" USING btree ("id_carrito");
