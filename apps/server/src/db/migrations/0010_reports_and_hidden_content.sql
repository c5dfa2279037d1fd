CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"image_id" uuid,
	"comment_id" uuid,
	"reporter_user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" uuid,
	CONSTRAINT "reports_target_type_check" CHECK ("reports"."target_type" in ('photo', 'comment', 'location')),
	CONSTRAINT "reports_target_check" CHECK (("reports"."target_type" = 'photo' and "reports"."image_id" = "reports"."target_id" and "reports"."comment_id" is null)
        or ("reports"."target_type" = 'comment' and "reports"."comment_id" = "reports"."target_id" and "reports"."image_id" is null)
        or ("reports"."target_type" = 'location' and "reports"."location_id" = "reports"."target_id" and "reports"."image_id" is null and "reports"."comment_id" is null)),
	CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" in ('child-face', 'wrong-information', 'closed-or-unsafe', 'spam-or-abuse', 'other')),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'upheld', 'dismissed'))
);
--> statement-breakpoint
ALTER TABLE "moderation_audit_log" DROP CONSTRAINT "moderation_audit_log_decision_check";--> statement-breakpoint
ALTER TABLE "moderation_audit_log" DROP CONSTRAINT "moderation_audit_log_type_check";--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "moderation_audit_log" ADD COLUMN "origin" text DEFAULT 'removal-request' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_target_reporter_key" ON "reports" USING btree ("target_id","reporter_user_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_status_created_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reports_location_id_idx" ON "reports" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "reports_image_id_idx" ON "reports" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "reports_comment_id_idx" ON "reports" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "reports_reporter_user_id_idx" ON "reports" USING btree ("reporter_user_id");--> statement-breakpoint
ALTER TABLE "moderation_audit_log" ADD CONSTRAINT "moderation_audit_log_origin_check" CHECK ("moderation_audit_log"."origin" in ('removal-request', 'report'));--> statement-breakpoint
ALTER TABLE "moderation_audit_log" ADD CONSTRAINT "moderation_audit_log_decision_check" CHECK ("moderation_audit_log"."decision" in ('approve', 'reject', 'hide', 'delete', 'dismiss'));--> statement-breakpoint
ALTER TABLE "moderation_audit_log" ADD CONSTRAINT "moderation_audit_log_type_check" CHECK ("moderation_audit_log"."request_type" in ('location', 'account', 'photo', 'comment'));