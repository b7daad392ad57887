-- console.release_failed_award_spend as the newest migration that defines it left it:
-- lib/db/migrations/0008_award_approvals.sql. The migrations are what runs; this file is for
-- reading. A change to the function is a new migration AND this file (docs/console.md, "SQL
-- functions"); lib/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
-- A failed award paid nothing: it stops counting against its sender's daily limit (docs/console.md,
-- "Award policies"). A retry counts it again, once, when it is sent again.
CREATE FUNCTION "console"."release_failed_award_spend"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "console"."award_spend" WHERE "award_id" = NEW."id";
  RETURN NULL;
END $$;
