-- Events with an end (issue 45): how long each occurrence lasts. Every event made before was
-- written to calendars as lasting 60 minutes (DURATION:PT60M), so the default gives each of
-- them exactly that: nothing it said before changes.
ALTER TABLE "events" ADD COLUMN "duration_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_duration_check" CHECK ("events"."duration_minutes" between 1 and 1440);