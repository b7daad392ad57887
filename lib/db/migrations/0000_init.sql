-- The migrator creates the schema first for its own table (migrationsSchema): tolerate it.
CREATE SCHEMA IF NOT EXISTS "console";
--> statement-breakpoint
CREATE TABLE "console"."connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"project_guid" text NOT NULL,
	"api_key_ciphertext" text NOT NULL,
	"api_key_last4" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console"."login_throttle" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console"."user_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"connection" text
);
--> statement-breakpoint
CREATE TABLE "console"."users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("console"."users"."role" in ('owner', 'manager', 'support')),
	CONSTRAINT "users_email_lower_check" CHECK ("console"."users"."email" = lower("console"."users"."email"))
);
--> statement-breakpoint
ALTER TABLE "console"."connections" ADD CONSTRAINT "connections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "console"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console"."user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "console"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connections_name_idx" ON "console"."connections" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "console"."users" USING btree ("email");