-- A private event is for the people it invites (issue 44): its changes never enter the feed
-- that the map index and every open live stream follow, so nobody following its place (signed
-- out included) learns that something private happened there. The map shows public events
-- only, so it misses nothing. An event that was public and turns private (or the reverse) is
-- a change of what everyone sees, and is noted.
CREATE FUNCTION "note_map_change_of_public_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "map_changes" ("location_id")
		SELECT DISTINCT "location_id" FROM "changed_rows" WHERE "is_public";
	IF FOUND THEN PERFORM pg_notify('map_changes', ''); END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "note_map_change_of_public_event_updates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "map_changes" ("location_id")
		SELECT "location_id" FROM "changed_rows" WHERE "is_public"
		UNION
		SELECT "location_id" FROM "old_rows" WHERE "is_public";
	IF FOUND THEN PERFORM pg_notify('map_changes', ''); END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "events_map_insert" ON "events";
--> statement-breakpoint
DROP TRIGGER "events_map_update" ON "events";
--> statement-breakpoint
DROP TRIGGER "events_map_delete" ON "events";
--> statement-breakpoint
CREATE TRIGGER "events_map_insert" AFTER INSERT ON "events" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_public_events"();
--> statement-breakpoint
CREATE TRIGGER "events_map_update" AFTER UPDATE ON "events" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_public_event_updates"();
--> statement-breakpoint
CREATE TRIGGER "events_map_delete" AFTER DELETE ON "events" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_public_events"();
