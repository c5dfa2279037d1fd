CREATE TABLE "condition_confirmations" (
	"report_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "condition_confirmations_report_id_user_id_pk" PRIMARY KEY("report_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "condition_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"equipment" text,
	"reported_at" timestamp with time zone NOT NULL,
	"last_confirmed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone,
	"cleared_how" text
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "closed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "condition_confirmations" ADD CONSTRAINT "condition_confirmations_report_id_condition_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."condition_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_confirmations" ADD CONSTRAINT "condition_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_reports" ADD CONSTRAINT "condition_reports_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "condition_confirmations_user_id_idx" ON "condition_confirmations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "condition_reports_open_idx" ON "condition_reports" USING btree ("location_id","expires_at") WHERE "condition_reports"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "condition_reports_broken_idx" ON "condition_reports" USING btree ("reported_at") WHERE "condition_reports"."kind" = 'broken' and "condition_reports"."cleared_at" is null;--> statement-breakpoint
-- A condition reported, confirmed or ended changes what the map's list and cards show of the
-- place (its condition chips): it moves the map's version, as photos and events do.
CREATE TRIGGER "condition_reports_map_insert" AFTER INSERT ON "condition_reports" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_children"();
--> statement-breakpoint
CREATE TRIGGER "condition_reports_map_update" AFTER UPDATE ON "condition_reports" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_children"();
--> statement-breakpoint
CREATE TRIGGER "condition_reports_map_delete" AFTER DELETE ON "condition_reports" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_of_children"();
