CREATE TABLE "console"."award_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"connection" text NOT NULL,
	"base_url" text NOT NULL,
	"project_guid" text NOT NULL,
	"actor_id" integer,
	"actor_email" text NOT NULL,
	"reason" text NOT NULL,
	"row_count" integer NOT NULL,
	"status" text NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "award_batches_status_check" CHECK ("console"."award_batches"."status" in ('sending', 'done'))
);
--> statement-breakpoint
ALTER TABLE "console"."awards" DROP CONSTRAINT "awards_status_check";--> statement-breakpoint
ALTER TABLE "console"."awards" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "console"."awards" ADD COLUMN "batch_line" integer;--> statement-breakpoint
ALTER TABLE "console"."awards" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "console"."award_batches" ADD CONSTRAINT "award_batches_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "console"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "award_batches_file_idx" ON "console"."award_batches" USING btree ("project_guid","file_sha256");--> statement-breakpoint
ALTER TABLE "console"."awards" ADD CONSTRAINT "awards_batch_id_award_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "console"."award_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "awards_batch_idx" ON "console"."awards" USING btree ("batch_id","status","batch_line");--> statement-breakpoint
ALTER TABLE "console"."awards" ADD CONSTRAINT "awards_status_check" CHECK ("console"."awards"."status" in ('pending', 'sending', 'completed', 'queued', 'accepted', 'failed', 'unknown'));