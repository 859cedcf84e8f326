CREATE TABLE "product_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"thumb" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "data" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "live" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "completed_steps" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "activity" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sorting" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "symbolic_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "show_on_main_page" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "moderation_comment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "history" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_status_idx" ON "products" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "products_symbolic_code_key" ON "products" USING btree ("symbolic_code");--> statement-breakpoint
-- Products made before the catalogue become approved, complete products whose copies carry their old rules.
UPDATE "products" SET
	"data" = jsonb_build_object(
		'characteristics', jsonb_build_object('name', left("name", 45), 'nameKz', '', 'website', '', 'detailedTitle', '', 'briefDescription', '', 'adminName', '', 'linkByCode', '', 'venue', '', 'cities', '[]'::jsonb, 'productType', 'goods', 'siteDescription', '', 'expectedActivationDate', '', 'restrictionsByProducts', '', 'b2b', false, 'requiredOrderParameters', '[]'::jsonb),
		'denominations', jsonb_build_object('kind', 'range', 'min', 100, 'max', 100000000, 'multiplicity', 1, 'showDescriptionInPdf', false),
		'information', jsonb_build_object('codeType', CASE WHEN "code_pattern" IS NULL THEN 'own' ELSE 'provider' END, 'barcodeType', 'qr', 'pinRequired', "pin_required", 'codeTransfer', 'api', 'acceptance', 'both', 'exampleNumber', '', 'assignedDenomination', false, 'codeBlocking', false, 'sampleCode', '', 'samplePin', '', 'codePattern', coalesce("code_pattern", ''), 'pinPattern', coalesce("pin_pattern", ''), 'accountingExport', 'code', 'delivery', false),
		'terms', jsonb_build_object('printoutNeeded', false, 'receptionPoints', '[]'::jsonb, 'validity', jsonb_build_object('kind', 'months', 'months', "validity_months"), 'codesActive', true, 'extensionPossible', false, 'multiUse', CASE WHEN "redemption_limit" IS NULL THEN '{"kind":"unlimited"}'::jsonb WHEN "redemption_limit" = 1 THEN '{"kind":"no"}'::jsonb ELSE jsonb_build_object('kind', 'limited', 'max', "redemption_limit") END, 'disposability', CASE WHEN "redemption_limit" = 1 THEN 'disposable' ELSE 'reusable' END, 'delivery', 'noPhysicalGoods'),
		'images', '[]'::jsonb),
	"status" = 'active',
	"completed_steps" = ARRAY['characteristics', 'denominations', 'information', 'terms', 'images'];--> statement-breakpoint
UPDATE "products" SET "live" = "data";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "data" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "validity_months";
