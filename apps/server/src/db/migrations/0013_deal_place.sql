-- A deal may name the play spot it is at (issue 15): shown with its distance, nearest first.
ALTER TABLE "deals" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;
