DROP INDEX "visits_location_user_day_key";--> statement-breakpoint
CREATE INDEX "locations_name_trgm" ON "locations" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "visits" DROP COLUMN "visited_on";