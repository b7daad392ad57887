-- service.api_key_live as the newest migration that defines it left it:
-- service/db/migrations/0010_key_scopes_and_roll.sql. The migrations are what runs; this file is
-- for reading. A change to the function is a new migration AND this file (docs/service.md, "SQL
-- functions"); service/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
-- Whether a key works now (docs/service.md, "API keys"): not revoked, or rolled and still inside
-- its grace period (revoked_at in the future), and not past an expiry set when it was made. The
-- one rule of the key check and of the award batch's own check (migration 0008).
CREATE FUNCTION "service"."api_key_live"(p_revoked_at timestamptz, p_expires_at timestamptz)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT (p_revoked_at IS NULL OR p_revoked_at > now()) AND (p_expires_at IS NULL OR p_expires_at > now())
$$;
