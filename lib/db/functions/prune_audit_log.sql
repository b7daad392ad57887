-- console.prune_audit_log as the newest migration that defines it left it:
-- lib/db/migrations/0006_staff_accounts.sql. The migrations are what runs; this file is for
-- reading. A change to the function is a new migration AND this file (docs/console.md, "SQL
-- functions"); lib/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
-- Retention: removes the rows older than the cutoff, always keeping the newest row (the chain's
-- head), and returns how many went and the hash the first remaining row chains from.
CREATE FUNCTION "console"."prune_audit_log"(cutoff timestamptz) RETURNS TABLE(deleted bigint, through_id bigint, through_hash text)
LANGUAGE plpgsql AS $$
DECLARE
  last_deleted record;
  n bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('console.audit_log'));
  SELECT id, hash INTO last_deleted FROM "console"."audit_log"
    WHERE at < cutoff AND id < (SELECT max(id) FROM "console"."audit_log") ORDER BY id DESC LIMIT 1;
  IF last_deleted.id IS NULL THEN
    RETURN QUERY SELECT 0::bigint, NULL::bigint, NULL::text;
    RETURN;
  END IF;
  PERFORM set_config('console.audit_prune', 'on', true);
  DELETE FROM "console"."audit_log" WHERE id <= last_deleted.id;
  GET DIAGNOSTICS n = ROW_COUNT;
  PERFORM set_config('console.audit_prune', 'off', true);
  RETURN QUERY SELECT n, last_deleted.id::bigint, last_deleted.hash::text;
END $$;
