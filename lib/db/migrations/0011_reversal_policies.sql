CREATE TABLE "console"."reversal_policies" (
	"project_guid" text PRIMARY KEY NOT NULL,
	"approval" text NOT NULL,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reversal_policies_approval_check" CHECK ("console"."reversal_policies"."approval" in ('none', 'above-threshold', 'all')),
	CONSTRAINT "reversal_policies_project_guid_check" CHECK ("console"."reversal_policies"."project_guid" = lower("console"."reversal_policies"."project_guid"))
);
