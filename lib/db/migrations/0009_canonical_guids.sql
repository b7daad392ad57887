-- GUIDs are stored lower-cased from now on (docs/console.md, "Identifiers"). First the rows that
-- exist: a policy kept under two spellings of one project is merged into the strictest of both
-- (least() skips a null, which is "no rule"); an award or a batch whose lower-cased key another row
-- of the project already holds (the same RequestID or file sent through two spellings: one award
-- at the service) keeps its spelling, and the constraints below then spare it (NOT VALID) rather
-- than lose a row of the trail.
UPDATE "console"."award_policies" AS keep SET
  "approval_threshold" = least(keep."approval_threshold", other."approval_threshold"),
  "manager_daily_limit" = least(keep."manager_daily_limit", other."manager_daily_limit"),
  "owner_daily_limit" = least(keep."owner_daily_limit", other."owner_daily_limit")
FROM "console"."award_policies" AS other
WHERE other."id" <> keep."id"
  AND lower(other."project_guid") = lower(keep."project_guid")
  AND lower(other."token_guid") = lower(keep."token_guid")
  AND keep."id" = (
    SELECT min(p."id") FROM "console"."award_policies" p
    WHERE lower(p."project_guid") = lower(keep."project_guid") AND lower(p."token_guid") = lower(keep."token_guid")
  );--> statement-breakpoint
DELETE FROM "console"."award_policies" AS p
WHERE p."id" <> (
  SELECT min(q."id") FROM "console"."award_policies" q
  WHERE lower(q."project_guid") = lower(p."project_guid") AND lower(q."token_guid") = lower(p."token_guid")
);--> statement-breakpoint
UPDATE "console"."award_policies" SET "project_guid" = lower("project_guid"), "token_guid" = lower("token_guid")
WHERE "project_guid" <> lower("project_guid") OR "token_guid" <> lower("token_guid");--> statement-breakpoint
UPDATE "console"."award_spend" SET "project_guid" = lower("project_guid"), "token_guid" = lower("token_guid")
WHERE "project_guid" <> lower("project_guid") OR "token_guid" <> lower("token_guid");--> statement-breakpoint
UPDATE "console"."connections" SET "project_guid" = lower("project_guid")
WHERE "project_guid" <> lower("project_guid");--> statement-breakpoint
UPDATE "console"."approval_requests" SET "project_guid" = lower("project_guid")
WHERE "project_guid" <> lower("project_guid");--> statement-breakpoint
UPDATE "console"."award_batches" AS b SET "project_guid" = lower(b."project_guid")
WHERE b."project_guid" <> lower(b."project_guid")
  AND NOT EXISTS (
    SELECT 1 FROM "console"."award_batches" o
    WHERE o."id" <> b."id" AND lower(o."project_guid") = lower(b."project_guid") AND o."file_sha256" = b."file_sha256"
  );--> statement-breakpoint
UPDATE "console"."awards" AS a SET
  "project_guid" = lower(a."project_guid"),
  "request_id" = lower(a."request_id"),
  "lines" = (
    SELECT jsonb_agg(jsonb_set(jsonb_set(l, '{Guid}', to_jsonb(lower(l->>'Guid'))), '{ContractGuid}', to_jsonb(lower(l->>'ContractGuid'))) ORDER BY n)
    FROM jsonb_array_elements(a."lines") WITH ORDINALITY AS e(l, n)
  )
WHERE (a."project_guid" <> lower(a."project_guid") OR a."request_id" <> lower(a."request_id")
    OR a."lines"::text ~ '"(Guid|ContractGuid)": "[^"]*[A-F]')
  AND NOT EXISTS (
    SELECT 1 FROM "console"."awards" o
    WHERE o."id" <> a."id" AND lower(o."project_guid") = lower(a."project_guid")
      AND lower(o."request_id") = lower(a."request_id")
  );--> statement-breakpoint
ALTER TABLE "console"."approval_requests" ADD CONSTRAINT "approval_requests_project_guid_check" CHECK ("console"."approval_requests"."project_guid" = lower("console"."approval_requests"."project_guid"));--> statement-breakpoint
ALTER TABLE "console"."award_batches" ADD CONSTRAINT "award_batches_project_guid_check" CHECK ("console"."award_batches"."project_guid" = lower("console"."award_batches"."project_guid")) NOT VALID;--> statement-breakpoint
ALTER TABLE "console"."award_policies" ADD CONSTRAINT "award_policies_project_guid_check" CHECK ("console"."award_policies"."project_guid" = lower("console"."award_policies"."project_guid"));--> statement-breakpoint
ALTER TABLE "console"."award_policies" ADD CONSTRAINT "award_policies_token_guid_check" CHECK ("console"."award_policies"."token_guid" = lower("console"."award_policies"."token_guid"));--> statement-breakpoint
ALTER TABLE "console"."award_spend" ADD CONSTRAINT "award_spend_project_guid_check" CHECK ("console"."award_spend"."project_guid" = lower("console"."award_spend"."project_guid"));--> statement-breakpoint
ALTER TABLE "console"."award_spend" ADD CONSTRAINT "award_spend_token_guid_check" CHECK ("console"."award_spend"."token_guid" = lower("console"."award_spend"."token_guid"));--> statement-breakpoint
ALTER TABLE "console"."awards" ADD CONSTRAINT "awards_project_guid_check" CHECK ("console"."awards"."project_guid" = lower("console"."awards"."project_guid")) NOT VALID;--> statement-breakpoint
ALTER TABLE "console"."awards" ADD CONSTRAINT "awards_request_id_check" CHECK ("console"."awards"."request_id" = lower("console"."awards"."request_id")) NOT VALID;--> statement-breakpoint
ALTER TABLE "console"."awards" ADD CONSTRAINT "awards_lines_guid_check" CHECK ("console"."awards"."lines"::text !~ '"(Guid|ContractGuid)": "[^"]*[A-F]') NOT VALID;--> statement-breakpoint
ALTER TABLE "console"."connections" ADD CONSTRAINT "connections_project_guid_check" CHECK ("console"."connections"."project_guid" = lower("console"."connections"."project_guid"));--> statement-breakpoint
-- Where no row was spared (every database but one that sent a key twice under two spellings),
-- the trail's constraints are validated too.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "console"."award_batches" WHERE "project_guid" <> lower("project_guid")) THEN
    ALTER TABLE "console"."award_batches" VALIDATE CONSTRAINT "award_batches_project_guid_check";
  END IF;
  IF NOT EXISTS (
    SELECT 1 FROM "console"."awards"
    WHERE "project_guid" <> lower("project_guid") OR "request_id" <> lower("request_id")
      OR "lines"::text ~ '"(Guid|ContractGuid)": "[^"]*[A-F]'
  ) THEN
    ALTER TABLE "console"."awards" VALIDATE CONSTRAINT "awards_project_guid_check";
    ALTER TABLE "console"."awards" VALIDATE CONSTRAINT "awards_request_id_check";
    ALTER TABLE "console"."awards" VALIDATE CONSTRAINT "awards_lines_guid_check";
  END IF;
END $$;
