-- console.audit_log_refuse as the newest migration that defines it left it:
-- lib/db/migrations/0006_staff_accounts.sql. The migrations are what runs; this file is for
-- reading. A change to the function is a new migration AND this file (docs/console.md, "SQL
-- functions"); lib/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
-- Append-only: no UPDATE, no TRUNCATE, and DELETE only from the oldest end by the retention
-- function below (lib/audit/audit-log.ts), never by hand.
CREATE FUNCTION "console"."audit_log_refuse"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('console.audit_prune', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the audit log is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
