CREATE TABLE "console"."notification_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection" text NOT NULL,
	"event" text NOT NULL,
	"threshold" text DEFAULT '' NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_rules_channel_check" CHECK ("console"."notification_rules"."channel" in ('slack', 'discord', 'email'))
);
--> statement-breakpoint
CREATE TABLE "console"."notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection" text NOT NULL,
	"event" text NOT NULL,
	"dedup" text NOT NULL,
	"rule_id" integer,
	"channel" text NOT NULL,
	"user_id" integer,
	"target" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_channel_check" CHECK ("console"."notifications"."channel" in ('bell', 'slack', 'discord', 'email')),
	CONSTRAINT "notifications_state_check" CHECK ("console"."notifications"."state" in ('pending', 'sent', 'failed', 'suppressed'))
);
--> statement-breakpoint
ALTER TABLE "console"."notifications" ADD CONSTRAINT "notifications_rule_id_notification_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "console"."notification_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console"."notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "console"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_rules_connection_idx" ON "console"."notification_rules" USING btree ("connection","event");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedup_idx" ON "console"."notifications" USING btree ("dedup");--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "console"."notifications" USING btree ("next_attempt_at") WHERE "console"."notifications"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "notifications_bell_idx" ON "console"."notifications" USING btree ("user_id","id") WHERE "console"."notifications"."channel" = 'bell';