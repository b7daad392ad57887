DROP TABLE "console"."login_throttle" CASCADE;--> statement-breakpoint
CREATE TABLE "console"."sign_in_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL
);
