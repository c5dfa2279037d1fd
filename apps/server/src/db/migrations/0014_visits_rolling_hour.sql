-- One visit per person and place in any 60 minutes instead of per clock hour (10:59 and 11:00
-- were both accepted): the service checks the last visit under the place's row lock, so the
-- hour bucket and its unique key go; an index finds a person's last visit to a place.
DROP INDEX "visits_location_user_hour_key";--> statement-breakpoint
CREATE INDEX "visits_location_user_visited_at_idx" ON "visits" USING btree ("location_id","user_id","visited_at");--> statement-breakpoint
ALTER TABLE "visits" DROP COLUMN "visited_hour";