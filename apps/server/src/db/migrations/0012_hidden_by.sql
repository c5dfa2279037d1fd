-- Who hid a comment or photo (issue 13 review): a dismissal of reports shows again only what
-- reports hid, never what a moderator hid.
ALTER TABLE "comments" ADD COLUMN "hidden_by" text;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "hidden_by" text;--> statement-breakpoint
-- Who hid what is hidden so far: a moderator when a report on it (or on a photo's comment) was
-- upheld, else reports. When unsure this says 'moderator', which only keeps it hidden longer.
UPDATE "comments" SET "hidden_by" = CASE WHEN EXISTS (
  SELECT 1 FROM "reports" WHERE "reports"."target_id" = "comments"."id" AND "reports"."status" = 'upheld'
) THEN 'moderator' ELSE 'reports' END
WHERE "hidden_at" IS NOT NULL;--> statement-breakpoint
UPDATE "images" SET "hidden_by" = CASE WHEN EXISTS (
  SELECT 1 FROM "reports"
  WHERE "reports"."target_id" IN ("images"."id", "images"."comment_id") AND "reports"."status" = 'upheld'
) THEN 'moderator' ELSE 'reports' END
WHERE "hidden_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_hidden_by_check" CHECK ("comments"."hidden_by" in ('reports', 'moderator'));--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_hidden_check" CHECK (("comments"."hidden_at" is null) = ("comments"."hidden_by" is null));--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_hidden_by_check" CHECK ("images"."hidden_by" in ('reports', 'moderator'));--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_hidden_check" CHECK (("images"."hidden_at" is null) = ("images"."hidden_by" is null));