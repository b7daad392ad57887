CREATE TABLE "console"."player_lookups" (
	"project_guid" text NOT NULL,
	"customer_id" text NOT NULL,
	"looked_up_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_lookups_project_guid_customer_id_pk" PRIMARY KEY("project_guid","customer_id"),
	CONSTRAINT "player_lookups_project_guid_check" CHECK ("console"."player_lookups"."project_guid" = lower("console"."player_lookups"."project_guid"))
);
