-- A company structure that stays true (decision 078): a company with branches is never deleted (its branches would
-- silently become companies of their own), and an OGRN or OGRNIP is registered once, like a tax id.
ALTER TABLE "suppliers" DROP CONSTRAINT "suppliers_parent_id_suppliers_id_fk";
--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "ogrn" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_parent_id_suppliers_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Each OGRN goes to one holder: an active company first, else the oldest. A duplicate held before this index keeps its
-- legal data with no OGRN in the column, so the index can be built; its next change or submission claims the OGRN
-- and is refused (OGRN_ALREADY_REGISTERED). Such companies: legal_data->>'ogrn' <> '' AND ogrn IS NULL.
UPDATE "suppliers" SET "ogrn" = holders."ogrn"
  FROM (
    SELECT "id", "legal_data"->>'ogrn' AS "ogrn",
      row_number() OVER (PARTITION BY "legal_data"->>'ogrn' ORDER BY "status" = 'active' DESC, "created_at", "id") AS "rank"
    FROM "suppliers" WHERE coalesce("legal_data"->>'ogrn', '') <> ''
  ) AS holders
  WHERE holders."id" = "suppliers"."id" AND holders."rank" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_ogrn_key" ON "suppliers" USING btree ("ogrn");
