-- Map answers carry live conditions with how many parents back each (issue 29: the map
-- index keeps them). A report's own changes are noted since 0019; a confirmation that goes
-- without its report changing (an account deleted) must be noted too.
-- A confirmation names its report, not the place: the place is found through the report
-- (gone already when the report's own deletion cascaded here, and then noted by it).
CREATE FUNCTION "note_map_change_of_confirmations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "map_changes" ("location_id")
		SELECT DISTINCT r."location_id" FROM "changed_rows" c
		JOIN "condition_reports" r ON r."id" = c."report_id";
	IF FOUND THEN PERFORM pg_notify('map_changes', ''); END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "condition_confirmations_map_insert" AFTER INSERT ON "condition_confirmations" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_confirmations"();
--> statement-breakpoint
CREATE TRIGGER "condition_confirmations_map_update" AFTER UPDATE ON "condition_confirmations" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_confirmations"();
--> statement-breakpoint
CREATE TRIGGER "condition_confirmations_map_delete" AFTER DELETE ON "condition_confirmations" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_confirmations"();
