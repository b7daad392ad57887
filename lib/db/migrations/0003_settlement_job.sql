CREATE TABLE "console"."job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "console"."awards" ADD COLUMN "status_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "awards_status_checked_idx" ON "console"."awards" USING btree ("status","status_checked_at");