CREATE TABLE "console"."approval_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"award_id" integer,
	"batch_id" integer,
	"project_guid" text NOT NULL,
	"connection" text NOT NULL,
	"requester_id" integer,
	"requester_email" text NOT NULL,
	"status" text NOT NULL,
	"summary" jsonb NOT NULL,
	"decided_by_id" integer,
	"decided_by_email" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "approval_requests_status_check" CHECK ("console"."approval_requests"."status" in ('waiting', 'approved', 'rejected', 'withdrawn', 'expired')),
	CONSTRAINT "approval_requests_subject_check" CHECK (num_nonnulls("console"."approval_requests"."award_id", "console"."approval_requests"."batch_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "console"."award_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_guid" text NOT NULL,
	"token_guid" text NOT NULL,
	"token_symbol" text DEFAULT '' NOT NULL,
	"approval_threshold" numeric,
	"manager_daily_limit" numeric,
	"owner_daily_limit" numeric,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "award_policies_threshold_check" CHECK ("console"."award_policies"."approval_threshold" >= 0),
	CONSTRAINT "award_policies_manager_check" CHECK ("console"."award_policies"."manager_daily_limit" >= 0),
	CONSTRAINT "award_policies_owner_check" CHECK ("console"."award_policies"."owner_daily_limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "console"."award_spend" (
	"award_id" integer NOT NULL,
	"token_guid" text NOT NULL,
	"user_id" integer NOT NULL,
	"project_guid" text NOT NULL,
	"amount" numeric NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "award_spend_award_id_token_guid_pk" PRIMARY KEY("award_id","token_guid"),
	CONSTRAINT "award_spend_amount_check" CHECK ("console"."award_spend"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "console"."award_batches" DROP CONSTRAINT "award_batches_status_check";--> statement-breakpoint
ALTER TABLE "console"."awards" DROP CONSTRAINT "awards_status_check";--> statement-breakpoint
ALTER TABLE "console"."approval_requests" ADD CONSTRAINT "approval_requests_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "console"."awards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console"."approval_requests" ADD CONSTRAINT "approval_requests_batch_id_award_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "console"."award_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console"."approval_requests" ADD CONSTRAINT "approval_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "console"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console"."approval_requests" ADD CONSTRAINT "approval_requests_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "console"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console"."award_spend" ADD CONSTRAINT "award_spend_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "console"."awards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console"."award_spend" ADD CONSTRAINT "award_spend_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "console"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_award_idx" ON "console"."approval_requests" USING btree ("award_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_batch_idx" ON "console"."approval_requests" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "approval_requests_status_idx" ON "console"."approval_requests" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "award_policies_token_idx" ON "console"."award_policies" USING btree ("project_guid","token_guid");--> statement-breakpoint
CREATE INDEX "award_spend_user_idx" ON "console"."award_spend" USING btree ("user_id","project_guid","token_guid","at");--> statement-breakpoint
ALTER TABLE "console"."award_batches" ADD CONSTRAINT "award_batches_status_check" CHECK ("console"."award_batches"."status" in ('awaiting-approval', 'sending', 'done', 'rejected', 'withdrawn', 'expired'));--> statement-breakpoint
ALTER TABLE "console"."awards" ADD CONSTRAINT "awards_status_check" CHECK ("console"."awards"."status" in ('pending', 'sending', 'completed', 'queued', 'accepted', 'failed', 'unknown', 'awaiting-approval', 'rejected', 'withdrawn', 'expired'));--> statement-breakpoint
-- A failed award paid nothing: it stops counting against its sender's daily limit (docs/console.md,
-- "Award policies"). A retry counts it again, once, when it is sent again.
CREATE FUNCTION "console"."release_failed_award_spend"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "console"."award_spend" WHERE "award_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "awards_release_failed_spend" AFTER UPDATE OF "status" ON "console"."awards"
  FOR EACH ROW WHEN (NEW."status" = 'failed')
  EXECUTE FUNCTION "console"."release_failed_award_spend"();
