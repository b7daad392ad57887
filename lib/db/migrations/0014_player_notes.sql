CREATE TABLE "console"."player_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_guid" text NOT NULL,
	"customer_id" text NOT NULL,
	"author_id" integer,
	"author_email" text NOT NULL,
	"text" text NOT NULL,
	"tag" text,
	"pinned" boolean DEFAULT false NOT NULL,
	"hidden_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_notes_tag_check" CHECK ("console"."player_notes"."tag" is null or "console"."player_notes"."tag" in ('compensated', 'fraud-watch', 'escalated', 'vip')),
	CONSTRAINT "player_notes_text_check" CHECK (length("console"."player_notes"."text") between 1 and 2000),
	CONSTRAINT "player_notes_project_guid_check" CHECK ("console"."player_notes"."project_guid" = lower("console"."player_notes"."project_guid"))
);
--> statement-breakpoint
ALTER TABLE "console"."player_notes" ADD CONSTRAINT "player_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "console"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_notes_player_idx" ON "console"."player_notes" USING btree ("project_guid","customer_id","created_at");