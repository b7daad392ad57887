CREATE TABLE "console"."batch_reversals" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"actor_id" integer,
	"actor_email" text NOT NULL,
	"reason" text NOT NULL,
	"row_count" integer NOT NULL,
	"status" text NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "batch_reversals_status_check" CHECK ("console"."batch_reversals"."status" in ('awaiting-approval', 'sending', 'done', 'rejected', 'withdrawn', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "console"."reversals" (
	"id" serial PRIMARY KEY NOT NULL,
	"reversal_id" text NOT NULL,
	"award_id" integer NOT NULL,
	"connection" text NOT NULL,
	"base_url" text NOT NULL,
	"project_guid" text NOT NULL,
	"actor_id" integer,
	"actor_email" text NOT NULL,
	"reason" text NOT NULL,
	"lines" jsonb,
	"status" text NOT NULL,
	"outcome" jsonb,
	"error" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"batch_reversal_id" integer,
	"batch_line" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reversals_status_check" CHECK ("console"."reversals"."status" in ('awaiting-approval', 'sending', 'done', 'failed', 'unknown', 'rejected', 'withdrawn', 'expired')),
	CONSTRAINT "reversals_project_guid_check" CHECK ("console"."reversals"."project_guid" = lower("console"."reversals"."project_guid")),
	CONSTRAINT "reversals_reversal_id_check" CHECK ("console"."reversals"."reversal_id" = lower("console"."reversals"."reversal_id"))
);
--> statement-breakpoint
ALTER TABLE "console"."approval_requests" DROP CONSTRAINT "approval_requests_subject_check";--> statement-breakpoint
ALTER TABLE "console"."awards" DROP CONSTRAINT "awards_status_check";--> statement-breakpoint
ALTER TABLE "console"."approval_requests" ADD COLUMN "reversal_id" integer;--> statement-breakpoint
ALTER TABLE "console"."batch_reversals" ADD CONSTRAINT "batch_reversals_batch_id_award_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "console"."award_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console"."batch_reversals" ADD CONSTRAINT "batch_reversals_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "console"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console"."reversals" ADD CONSTRAINT "reversals_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "console"."awards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console"."reversals" ADD CONSTRAINT "reversals_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "console"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console"."reversals" ADD CONSTRAINT "reversals_batch_reversal_id_batch_reversals_id_fk" FOREIGN KEY ("batch_reversal_id") REFERENCES "console"."batch_reversals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "batch_reversals_batch_idx" ON "console"."batch_reversals" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reversals_reversal_idx" ON "console"."reversals" USING btree ("project_guid","reversal_id");--> statement-breakpoint
CREATE INDEX "reversals_award_idx" ON "console"."reversals" USING btree ("award_id","id");--> statement-breakpoint
CREATE INDEX "reversals_created_idx" ON "console"."reversals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reversals_batch_idx" ON "console"."reversals" USING btree ("batch_reversal_id","status","batch_line");--> statement-breakpoint
ALTER TABLE "console"."approval_requests" ADD CONSTRAINT "approval_requests_reversal_id_reversals_id_fk" FOREIGN KEY ("reversal_id") REFERENCES "console"."reversals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_reversal_idx" ON "console"."approval_requests" USING btree ("reversal_id");--> statement-breakpoint
ALTER TABLE "console"."approval_requests" ADD CONSTRAINT "approval_requests_subject_check" CHECK (num_nonnulls("console"."approval_requests"."award_id", "console"."approval_requests"."batch_id", "console"."approval_requests"."reversal_id") = 1);--> statement-breakpoint
ALTER TABLE "console"."awards" ADD CONSTRAINT "awards_status_check" CHECK ("console"."awards"."status" in ('pending', 'sending', 'completed', 'queued', 'accepted', 'failed', 'unknown', 'awaiting-approval', 'rejected', 'withdrawn', 'expired', 'cancelled', 'partly-reversed', 'reversed'));