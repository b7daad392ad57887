CREATE TABLE "console"."award_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"award_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"status" text,
	"detail" text DEFAULT '' NOT NULL,
	"actor_email" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console"."awards" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"connection" text NOT NULL,
	"base_url" text NOT NULL,
	"project_guid" text NOT NULL,
	"actor_id" integer,
	"actor_email" text NOT NULL,
	"customer_id" text NOT NULL,
	"is_allowance" boolean NOT NULL,
	"is_mintable" boolean DEFAULT false NOT NULL,
	"wallet" text DEFAULT '' NOT NULL,
	"lines" jsonb NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "awards_status_check" CHECK ("console"."awards"."status" in ('sending', 'completed', 'queued', 'accepted', 'failed', 'unknown'))
);
--> statement-breakpoint
ALTER TABLE "console"."award_events" ADD CONSTRAINT "award_events_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "console"."awards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console"."awards" ADD CONSTRAINT "awards_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "console"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "award_events_award_idx" ON "console"."award_events" USING btree ("award_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "awards_request_idx" ON "console"."awards" USING btree ("project_guid",lower("request_id"));--> statement-breakpoint
CREATE INDEX "awards_customer_idx" ON "console"."awards" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "awards_created_idx" ON "console"."awards" USING btree ("created_at");