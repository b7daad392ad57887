CREATE TABLE "console"."campaign_occurrences" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"index" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"batch_id" integer,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "campaign_occurrences_status_check" CHECK ("console"."campaign_occurrences"."status" in ('sent', 'held', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "console"."campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" text NOT NULL,
	"connection" text NOT NULL,
	"base_url" text NOT NULL,
	"project_guid" text NOT NULL,
	"name" text NOT NULL,
	"reason" text NOT NULL,
	"mode" text NOT NULL,
	"lines" jsonb NOT NULL,
	"list_id" integer NOT NULL,
	"schedule" jsonb NOT NULL,
	"status" text NOT NULL,
	"next_index" integer DEFAULT 0 NOT NULL,
	"index_offset" integer DEFAULT 0 NOT NULL,
	"created_by_id" integer,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_mode_check" CHECK ("console"."campaigns"."mode" in ('allowance', 'direct')),
	CONSTRAINT "campaigns_status_check" CHECK ("console"."campaigns"."status" in ('awaiting-approval', 'active', 'paused', 'finished', 'cancelled', 'rejected', 'withdrawn', 'expired')),
	CONSTRAINT "campaigns_project_guid_check" CHECK ("console"."campaigns"."project_guid" = lower("console"."campaigns"."project_guid")),
	CONSTRAINT "campaigns_guid_check" CHECK ("console"."campaigns"."guid" = lower("console"."campaigns"."guid"))
);
--> statement-breakpoint
CREATE TABLE "console"."player_list_members" (
	"list_id" integer NOT NULL,
	"position" integer NOT NULL,
	"customer_id" text NOT NULL,
	"amount" numeric,
	CONSTRAINT "player_list_members_list_id_position_pk" PRIMARY KEY("list_id","position")
);
--> statement-breakpoint
CREATE TABLE "console"."player_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection" text NOT NULL,
	"project_guid" text NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"source_detail" text DEFAULT '' NOT NULL,
	"player_count" integer NOT NULL,
	"has_amounts" boolean NOT NULL,
	"created_by_id" integer,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_lists_source_check" CHECK ("console"."player_lists"."source" in ('file', 'batch', 'history', 'search')),
	CONSTRAINT "player_lists_project_guid_check" CHECK ("console"."player_lists"."project_guid" = lower("console"."player_lists"."project_guid"))
);
--> statement-breakpoint
ALTER TABLE "console"."approval_requests" DROP CONSTRAINT "approval_requests_subject_check";--> statement-breakpoint
ALTER TABLE "console"."approval_requests" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "console"."campaign_occurrences" ADD CONSTRAINT "campaign_occurrences_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "console"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console"."campaign_occurrences" ADD CONSTRAINT "campaign_occurrences_batch_id_award_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "console"."award_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console"."campaigns" ADD CONSTRAINT "campaigns_list_id_player_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "console"."player_lists"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console"."campaigns" ADD CONSTRAINT "campaigns_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "console"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console"."player_list_members" ADD CONSTRAINT "player_list_members_list_id_player_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "console"."player_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console"."player_lists" ADD CONSTRAINT "player_lists_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "console"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_occurrences_index_idx" ON "console"."campaign_occurrences" USING btree ("campaign_id","index");--> statement-breakpoint
CREATE INDEX "campaign_occurrences_batch_idx" ON "console"."campaign_occurrences" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_guid_idx" ON "console"."campaigns" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "campaigns_status_idx" ON "console"."campaigns" USING btree ("status");--> statement-breakpoint
CREATE INDEX "campaigns_project_idx" ON "console"."campaigns" USING btree ("project_guid","id");--> statement-breakpoint
CREATE UNIQUE INDEX "player_list_members_player_idx" ON "console"."player_list_members" USING btree ("list_id","customer_id");--> statement-breakpoint
CREATE INDEX "player_lists_project_idx" ON "console"."player_lists" USING btree ("project_guid","id");--> statement-breakpoint
ALTER TABLE "console"."approval_requests" ADD CONSTRAINT "approval_requests_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "console"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_requests_campaign_idx" ON "console"."approval_requests" USING btree ("campaign_id");--> statement-breakpoint
ALTER TABLE "console"."approval_requests" ADD CONSTRAINT "approval_requests_subject_check" CHECK (num_nonnulls("console"."approval_requests"."award_id", "console"."approval_requests"."batch_id", "console"."approval_requests"."reversal_id", "console"."approval_requests"."batch_reversal_id", "console"."approval_requests"."campaign_id") = 1);