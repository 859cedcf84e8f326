CREATE TABLE "lookup_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"failures" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "lookup_alert_till_max" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "lookup_alert_certificate_max" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "lookup_alert_window_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "lookup_alerts" ADD CONSTRAINT "lookup_alerts_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lookup_alerts_window_key" ON "lookup_alerts" USING btree ("supplier_id","subject_kind","subject_id","window_start");--> statement-breakpoint
CREATE INDEX "lookup_alerts_supplier_created_idx" ON "lookup_alerts" USING btree ("supplier_id","created_at");