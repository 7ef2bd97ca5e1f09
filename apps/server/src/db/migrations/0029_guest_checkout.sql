-- Guest checkout (issue 37 item 2, decision 085): an order is bought by an account or by a guest, known by
-- the e-mail (lower case, like every account's) and name typed at checkout; never both, never neither.
ALTER TABLE "venta" ALTER COLUMN "id_usuario" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "email_invitado" varchar(254);--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "nombre_invitado" varchar(50);--> statement-breakpoint
ALTER TABLE "venta" ADD CONSTRAINT "venta_comprador" CHECK (("venta"."id_usuario" IS NULL) <> ("venta"."email_invitado" IS NULL));--> statement-breakpoint
ALTER TABLE "venta" ADD CONSTRAINT "venta_email_invitado_lower" CHECK ("venta"."email_invitado" = lower("venta"."email_invitado"));--> statement-breakpoint
-- A guest's retried request finds its first order by e-mail and key, as an account's does by account and key.
CREATE UNIQUE INDEX "venta_invitado_idempotency_key" ON "venta" USING btree ("email_invitado","idempotency_key");--> statement-breakpoint
-- The owner switches guest checkout off in Ajustes › Tienda; on by default.
ALTER TABLE "ajustes" ADD COLUMN "compra_invitado" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- A guest's test card in the offline sandbox belongs to no account.
ALTER TABLE "metodo_pago_sandbox" ALTER COLUMN "id_usuario" DROP NOT NULL;
