CREATE TABLE "mail_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mail_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
DROP INDEX "certificates_supplier_idx";--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "parameter" text;--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_attachments_mail_idx" ON "mail_attachments" USING btree ("mail_id");--> statement-breakpoint
CREATE INDEX "certificates_supplier_purchased_idx" ON "certificates" USING btree ("supplier_id","purchased_at","id");--> statement-breakpoint
CREATE INDEX "certificates_supplier_owed_idx" ON "certificates" USING btree ("supplier_id","valid_until") WHERE "certificates"."balance" > 0;