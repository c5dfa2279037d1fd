CREATE TABLE "moderation_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"removal_request_id" uuid,
	"request_type" text NOT NULL,
	"decision" text NOT NULL,
	"note" text,
	"subject" text NOT NULL,
	"subject_id" text,
	"moderator_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_audit_log_decision_check" CHECK ("moderation_audit_log"."decision" in ('approve', 'reject')),
	CONSTRAINT "moderation_audit_log_type_check" CHECK ("moderation_audit_log"."request_type" in ('location', 'account'))
);
--> statement-breakpoint
ALTER TABLE "moderation_audit_log" ADD CONSTRAINT "moderation_audit_log_removal_request_id_removal_requests_id_fk" FOREIGN KEY ("removal_request_id") REFERENCES "public"."removal_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_audit_log" ADD CONSTRAINT "moderation_audit_log_moderator_user_id_users_id_fk" FOREIGN KEY ("moderator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_audit_log_created_idx" ON "moderation_audit_log" USING btree ("created_at");