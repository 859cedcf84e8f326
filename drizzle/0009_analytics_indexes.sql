DROP INDEX "certificates_number_key";--> statement-breakpoint
DROP INDEX "certificates_supplier_purchased_idx";--> statement-breakpoint
DROP INDEX "certificates_supplier_owed_idx";--> statement-breakpoint
DROP INDEX "redemptions_supplier_idx";--> statement-breakpoint
CREATE INDEX "certificates_supplier_order_search_idx" ON "certificates" USING btree ("supplier_id",lower("order_number") text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_number_key" ON "certificates" USING btree ("number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "certificates_supplier_purchased_idx" ON "certificates" USING btree ("supplier_id","purchased_at","id","denomination","balance","valid_until");--> statement-breakpoint
CREATE INDEX "certificates_supplier_owed_idx" ON "certificates" USING btree ("supplier_id","valid_until","product_id","purchased_at","balance") WHERE "certificates"."balance" > 0;--> statement-breakpoint
CREATE INDEX "redemptions_supplier_idx" ON "redemptions" USING btree ("supplier_id","created_at","id","status","amount");