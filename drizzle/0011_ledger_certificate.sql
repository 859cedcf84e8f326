-- The ledger keeps its certificate's number, order and currency (decision 057): existing entries copy them once.
ALTER TABLE "redemptions" ADD COLUMN "certificate_number" text;--> statement-breakpoint
ALTER TABLE "redemptions" ADD COLUMN "order_number" text;--> statement-breakpoint
ALTER TABLE "redemptions" ADD COLUMN "currency" text;--> statement-breakpoint
UPDATE "redemptions" SET "certificate_number" = c."number", "order_number" = c."order_number", "currency" = c."currency"
  FROM "certificates" c WHERE c."id" = "redemptions"."certificate_id";--> statement-breakpoint
ALTER TABLE "redemptions" ALTER COLUMN "certificate_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "redemptions" ALTER COLUMN "order_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "redemptions" ALTER COLUMN "currency" SET NOT NULL;
