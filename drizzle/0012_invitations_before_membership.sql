-- Decision 074: a person joins a company only by accepting its invitation. The roles and the names the company typed
-- move to the invitation; an invitee (an account still pending) is no longer a member.
ALTER TABLE "invitations" ADD COLUMN "roles" text[];--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "second_name" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "phone" text;--> statement-breakpoint
UPDATE "invitations" i SET
  "roles" = coalesce((SELECT m."roles" FROM "memberships" m WHERE m."user_id" = i."user_id" AND m."supplier_id" = i."supplier_id"), '{}'),
  "first_name" = u."first_name", "second_name" = u."second_name", "phone" = u."phone"
FROM "users" u WHERE u."id" = i."user_id";--> statement-breakpoint
-- An invitee the company had blocked: the block meant "not let in", so the invitation is withdrawn.
DELETE FROM "invitations" i USING "memberships" m, "users" u
WHERE m."user_id" = i."user_id" AND m."supplier_id" = i."supplier_id" AND u."id" = i."user_id"
  AND i."accepted_at" IS NULL AND u."status" = 'pending' AND m."status" = 'blocked';--> statement-breakpoint
-- A pending account's memberships all came from invitations not yet accepted.
DELETE FROM "memberships" m USING "users" u WHERE u."id" = m."user_id" AND u."status" = 'pending';--> statement-breakpoint
-- Invitees who confirmed their address meanwhile joined under the old rule: their invitations are done.
UPDATE "invitations" i SET "accepted_at" = i."created_at"
WHERE i."accepted_at" IS NULL
  AND EXISTS (SELECT 1 FROM "memberships" m WHERE m."user_id" = i."user_id" AND m."supplier_id" = i."supplier_id");--> statement-breakpoint
ALTER TABLE "invitations" ALTER COLUMN "roles" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ALTER COLUMN "first_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ALTER COLUMN "second_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ALTER COLUMN "phone" SET NOT NULL;
