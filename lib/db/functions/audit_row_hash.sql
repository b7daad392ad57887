-- console.audit_row_hash as the newest migration that defines it left it:
-- lib/db/migrations/0006_staff_accounts.sql. The migrations are what runs; this file is for
-- reading. A change to the function is a new migration AND this file (docs/console.md, "SQL
-- functions"); lib/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
-- The audit log's chain (docs/console.md, "Audit log"): each row's hash covers its content and the
-- previous row's hash, as a JSON array so no field can run into the next.
CREATE FUNCTION "console"."audit_row_hash"(r "console"."audit_log") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    r.prev_hash, r.id, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    r.actor_id, r.actor_email, r.kind, r.project, r.client, r.user_agent, r.summary, r.detail
  )::text, 'UTF8')), 'hex')
$$;
