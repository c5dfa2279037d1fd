CREATE TABLE "location_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "location_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_cluster_cells" (
	"zoom" integer NOT NULL,
	"cell_x" integer NOT NULL,
	"cell_y" integer NOT NULL,
	"indoor" boolean,
	"free" boolean,
	"age_mask" integer NOT NULL,
	"popular" boolean NOT NULL,
	"count" integer NOT NULL,
	"sum_latitude" double precision NOT NULL,
	"sum_longitude" double precision NOT NULL,
	"south" double precision NOT NULL,
	"north" double precision NOT NULL,
	"west" double precision NOT NULL,
	"east" double precision NOT NULL,
	"sample_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_cluster_summary_state" (
	"layout" text PRIMARY KEY NOT NULL,
	"built_at" timestamp with time zone NOT NULL,
	"location_count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "location_cluster_cells_zoom_cell_idx" ON "location_cluster_cells" USING btree ("zoom","cell_x","cell_y");--> statement-breakpoint
-- Marks the cluster summary stale on every statement that writes locations (added, moved,
-- voted on, visited, commented, deleted, imported). One row per statement, not per row, and
-- append-only, so concurrent writers never wait on each other here.
CREATE FUNCTION "note_location_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "location_changes" DEFAULT VALUES;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "locations_note_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "locations"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_location_change"();
