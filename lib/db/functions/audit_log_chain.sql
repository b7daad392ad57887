-- console.audit_log_chain as the newest migration that defines it left it:
-- lib/db/migrations/0006_staff_accounts.sql. The migrations are what runs; this file is for
-- reading. A change to the function is a new migration AND this file (docs/console.md, "SQL
-- functions"); lib/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
-- Every insert joins the one chain, whichever console instance writes it: under a transaction
-- lock, the row takes the next id after the last committed row, the time, and the last row's hash.
CREATE FUNCTION "console"."audit_log_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_row record;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('console.audit_log'));
  SELECT id, hash INTO last_row FROM "console"."audit_log" ORDER BY id DESC LIMIT 1;
  NEW.id := coalesce(last_row.id, 0) + 1;
  NEW.at := clock_timestamp();
  NEW.prev_hash := coalesce(last_row.hash, repeat('0', 64));
  NEW.hash := "console"."audit_row_hash"(NEW);
  RETURN NEW;
END $$;
