ALTER TABLE "certificates" ADD COLUMN "holder_email" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "holder_language" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "holder_notices" boolean DEFAULT true NOT NULL;