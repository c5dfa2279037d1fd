-- Maintenance areas, their maintainers and the defects sent to them (issue 48): broken equipment
-- reaches whoever fixes it, by e-mail or Open311. The sending jobs live in pg-boss's own schema.
CREATE TABLE "area_maintainers" (
	"area_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "area_maintainers_area_id_user_id_pk" PRIMARY KEY("area_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "defects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"place_id" uuid NOT NULL,
	"equipment" text NOT NULL,
	"area_id" uuid NOT NULL,
	"report_id" uuid,
	"opened_at" timestamp with time zone NOT NULL,
	"reopened_at" timestamp with time zone,
	"delivery_state" text DEFAULT 'pending' NOT NULL,
	"delivery_attempts" integer DEFAULT 0 NOT NULL,
	"delivery_error" text,
	"delivered_channels" text[] DEFAULT '{}'::text[] NOT NULL,
	"delivered_at" timestamp with time zone,
	"open311_request_id" text,
	"open311_token" text,
	"resolved_how" text,
	"resolved_at" timestamp with time zone,
	"resolved_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "defects_delivery_state_check" CHECK ("defects"."delivery_state" in ('pending', 'sent', 'failed')),
	CONSTRAINT "defects_resolved_check" CHECK (("defects"."resolved_at" is null) = ("defects"."resolved_how" is null)),
	CONSTRAINT "defects_resolved_how_check" CHECK ("defects"."resolved_how" in ('fixed', 'not_defect'))
);
--> statement-breakpoint
CREATE TABLE "maintenance_areas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"open311_endpoint" text,
	"open311_service_code" text,
	"open311_api_key" text,
	"boundary" geometry(MultiPolygon,4326) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_areas_contact_check" CHECK ("maintenance_areas"."email" is not null or ("maintenance_areas"."open311_endpoint" is not null and "maintenance_areas"."open311_service_code" is not null))
);
--> statement-breakpoint
ALTER TABLE "area_maintainers" ADD CONSTRAINT "area_maintainers_area_id_maintenance_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."maintenance_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "area_maintainers" ADD CONSTRAINT "area_maintainers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "defects" ADD CONSTRAINT "defects_place_id_locations_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "defects" ADD CONSTRAINT "defects_area_id_maintenance_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."maintenance_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "defects" ADD CONSTRAINT "defects_report_id_condition_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."condition_reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "defects" ADD CONSTRAINT "defects_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "area_maintainers_user_id_idx" ON "area_maintainers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "defects_open_key" ON "defects" USING btree ("place_id","equipment") WHERE "defects"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "defects_area_idx" ON "defects" USING btree ("area_id","opened_at");--> statement-breakpoint
CREATE INDEX "defects_delivery_idx" ON "defects" USING btree ("delivery_state","updated_at");--> statement-breakpoint
CREATE INDEX "maintenance_areas_boundary_idx" ON "maintenance_areas" USING gist ("boundary");