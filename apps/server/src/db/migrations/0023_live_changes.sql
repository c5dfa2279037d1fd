-- Live updates (issue 32) follow the same feed as the map index: a comment, a tag vote or a
-- fact answer changes what a place's page shows even when the place's row stays as it was
-- (an edited comment, a fact answer that does not change the shown value). They are noted
-- like photos and events, so every server process can tell the open pages.
CREATE TRIGGER "comments_map_insert" AFTER INSERT ON "comments" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_children"();
--> statement-breakpoint
CREATE TRIGGER "comments_map_update" AFTER UPDATE ON "comments" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_children"();
--> statement-breakpoint
CREATE TRIGGER "comments_map_delete" AFTER DELETE ON "comments" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_children"();
--> statement-breakpoint
CREATE TRIGGER "tag_votes_map_insert" AFTER INSERT ON "tag_votes" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_children"();
--> statement-breakpoint
CREATE TRIGGER "tag_votes_map_update" AFTER UPDATE ON "tag_votes" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_children"();
--> statement-breakpoint
CREATE TRIGGER "tag_votes_map_delete" AFTER DELETE ON "tag_votes" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_children"();
--> statement-breakpoint
CREATE TRIGGER "fact_answers_map_insert" AFTER INSERT ON "fact_answers" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_children"();
--> statement-breakpoint
CREATE TRIGGER "fact_answers_map_update" AFTER UPDATE ON "fact_answers" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_children"();
--> statement-breakpoint
CREATE TRIGGER "fact_answers_map_delete" AFTER DELETE ON "fact_answers" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_children"();
