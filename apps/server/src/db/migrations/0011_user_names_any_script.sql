-- User names in any script (issue 15): unique by a case-folded key and a look-alike skeleton
-- (core userNameKey / userNameSkeleton) instead of lower(user_name), which folds ASCII only.
ALTER TABLE "users" ADD COLUMN "user_name_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "user_name_skeleton" text;--> statement-breakpoint
-- Names stored so far are ASCII (the old rule): their key is lower case, and their skeleton is
-- core's for ASCII (0 → o, 1 and i → l, then rn → m, vv → w; user-names.test.ts checks they agree).
UPDATE "users" SET
  "user_name_key" = lower("user_name"),
  "user_name_skeleton" = replace(replace(translate(lower("user_name"), '01i', 'oll'), 'rn', 'm'), 'vv', 'w')
WHERE "user_name" IS NOT NULL;--> statement-breakpoint
-- Look-alike names that already exist both keep their names; the later one's skeleton is made
-- unique, so neither changes and no new look-alike of either can be taken.
UPDATE "users" AS later SET "user_name_skeleton" = later."user_name_skeleton" || '#' || later."id"
FROM "users" AS earlier
WHERE earlier."user_name_skeleton" = later."user_name_skeleton"
  AND (earlier."created_at", earlier."id") < (later."created_at", later."id");--> statement-breakpoint
DROP INDEX "users_user_name_lower_key";--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_name_key_key" ON "users" USING btree ("user_name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_name_skeleton_key" ON "users" USING btree ("user_name_skeleton");
