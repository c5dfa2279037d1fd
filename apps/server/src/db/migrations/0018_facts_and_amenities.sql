CREATE TABLE "amenities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" text NOT NULL,
	"kind" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"position" geography(Point,4326) GENERATED ALWAYS AS ((ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)::geography)) STORED NOT NULL,
	"source" text NOT NULL,
	"licence" text,
	CONSTRAINT "amenities_latitude_check" CHECK ("amenities"."latitude" between -90 and 90),
	CONSTRAINT "amenities_longitude_check" CHECK ("amenities"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "fact_answers" (
	"location_id" uuid NOT NULL,
	"key" text NOT NULL,
	"user_id" uuid NOT NULL,
	"value" text NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fact_answers_location_id_key_user_id_pk" PRIMARY KEY("location_id","key","user_id")
);
--> statement-breakpoint
CREATE TABLE "imported_facts" (
	"location_id" uuid NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"source" text NOT NULL,
	"licence" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_facts_location_id_key_pk" PRIMARY KEY("location_id","key")
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "facts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "fact_answers" ADD CONSTRAINT "fact_answers_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fact_answers" ADD CONSTRAINT "fact_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_facts" ADD CONSTRAINT "imported_facts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "amenities_source_id_kind_key" ON "amenities" USING btree ("source_id","kind");--> statement-breakpoint
CREATE INDEX "amenities_position_gist" ON "amenities" USING gist ("position");--> statement-breakpoint
CREATE INDEX "fact_answers_user_id_idx" ON "fact_answers" USING btree ("user_id");--> statement-breakpoint
-- A public toilet added, moved or removed changes the toilets filter of the places within
-- 200 m (core TOILETS_NEARBY_M): their map index entries are refreshed like any change.
CREATE FUNCTION "note_map_change_near_amenities"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "map_changes" ("location_id")
		SELECT DISTINCT l."id" FROM "changed_rows" a
		JOIN "locations" l ON ST_DWithin(l."position", a."position", 200, false)
		WHERE a."kind" = 'toilets';
	IF FOUND THEN PERFORM pg_notify('map_changes', ''); END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "amenities_map_insert" AFTER INSERT ON "amenities" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_near_amenities"();
--> statement-breakpoint
CREATE TRIGGER "amenities_map_update" AFTER UPDATE ON "amenities" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_near_amenities"();
--> statement-breakpoint
CREATE TRIGGER "amenities_map_update_new" AFTER UPDATE ON "amenities" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_near_amenities"();
--> statement-breakpoint
CREATE TRIGGER "amenities_map_delete" AFTER DELETE ON "amenities" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_map_change_near_amenities"();
