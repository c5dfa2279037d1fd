-- The map's clusters come from each server process's in-memory map index now
-- (features/map-index), kept exact by the map_changes feed of the next migration.
DROP TRIGGER IF EXISTS "locations_note_change" ON "locations";--> statement-breakpoint
DROP FUNCTION IF EXISTS "note_location_change"();--> statement-breakpoint
DROP TABLE "location_changes" CASCADE;--> statement-breakpoint
DROP TABLE "location_cluster_cells" CASCADE;--> statement-breakpoint
DROP TABLE "location_cluster_summary_state" CASCADE;
