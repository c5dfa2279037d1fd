CREATE TABLE "map_changes" (
	"version" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "map_changes_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"location_id" uuid NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "map_changes_changed_at_idx" ON "map_changes" USING btree ("changed_at");--> statement-breakpoint
-- Every statement that changes what the map shows of a place (the place itself, its photos,
-- its events) records the place here, and wakes the server processes' map indexes with
-- NOTIFY (delivered at commit, never for a rollback). One row per place per statement.
CREATE FUNCTION "note_map_change_of_places"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "map_changes" ("location_id") SELECT DISTINCT "id" FROM "changed_rows";
	IF FOUND THEN PERFORM pg_notify('map_changes', ''); END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "note_map_change_of_children"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "map_changes" ("location_id")
		SELECT DISTINCT "location_id" FROM "changed_rows" WHERE "location_id" IS NOT NULL;
	IF FOUND THEN PERFORM pg_notify('map_changes', ''); END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- TRUNCATE has no rows to name: the all-zero id tells the indexes to rebuild.
CREATE FUNCTION "note_map_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "map_changes" ("location_id") VALUES ('00000000-0000-0000-0000-000000000000');
	PERFORM pg_notify('map_changes', '');
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "locations_map_insert" AFTER INSERT ON "locations" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_places"();
--> statement-breakpoint
CREATE TRIGGER "locations_map_update" AFTER UPDATE ON "locations" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_places"();
--> statement-breakpoint
CREATE TRIGGER "locations_map_delete" AFTER DELETE ON "locations" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_places"();
--> statement-breakpoint
CREATE TRIGGER "locations_map_truncate" AFTER TRUNCATE ON "locations"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_truncate"();
--> statement-breakpoint
CREATE TRIGGER "images_map_insert" AFTER INSERT ON "images" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_children"();
--> statement-breakpoint
CREATE TRIGGER "images_map_update" AFTER UPDATE ON "images" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_children"();
--> statement-breakpoint
CREATE TRIGGER "images_map_delete" AFTER DELETE ON "images" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_children"();
--> statement-breakpoint
CREATE TRIGGER "events_map_insert" AFTER INSERT ON "events" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_children"();
--> statement-breakpoint
CREATE TRIGGER "events_map_update" AFTER UPDATE ON "events" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_children"();
--> statement-breakpoint
CREATE TRIGGER "events_map_delete" AFTER DELETE ON "events" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_children"();
