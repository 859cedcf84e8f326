CREATE TABLE "accepted_offers" (
	"supplier_id" uuid PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"language" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bik_directory" (
	"bik" text PRIMARY KEY NOT NULL,
	"bank_name" text NOT NULL,
	"correspondent_account" text DEFAULT '' NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "moderation_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"supplier_id" uuid NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"language" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "legal_type" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "legal_data" jsonb;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "bank_data" jsonb;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "accepted_offers" ADD CONSTRAINT "accepted_offers_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_events" ADD CONSTRAINT "moderation_events_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_events_supplier_idx" ON "moderation_events" USING btree ("supplier_id","seq");--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_parent_id_suppliers_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_country_tin_key" ON "suppliers" USING btree ("country","tin");--> statement-breakpoint
CREATE INDEX "suppliers_status_idx" ON "suppliers" USING btree ("status","submitted_at");