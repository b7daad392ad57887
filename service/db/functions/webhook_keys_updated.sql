-- service.webhook_keys_updated as the newest migration that defines it left it:
-- service/db/migrations/0021_webhooks.sql. The migrations are what runs; this file is for
-- reading. A change to the function is a new migration AND this file (docs/service.md, "SQL
-- functions"); service/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
-- key.rolled: a live key given an end in the future (its roll's grace period); key.revoked: a key
-- that worked made to stop now. key.expiring is written by the sender's sweep, 7 days ahead.
CREATE FUNCTION "service"."webhook_keys_updated"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO service.webhook_events (project_id, type, key_id, data)
  SELECT n.project_id,
         CASE WHEN o.revoked_at IS NULL AND n.revoked_at > now() THEN 'key.rolled' ELSE 'key.revoked' END,
         n.id, json_build_object('worksUntil', n.revoked_at)::text
    FROM old_keys o
    JOIN new_keys n ON n.id = o.id
   WHERE n.revoked_at IS NOT NULL AND o.revoked_at IS DISTINCT FROM n.revoked_at
     AND (o.revoked_at IS NULL OR o.revoked_at > now())
     AND EXISTS (SELECT 1 FROM service.webhook_endpoints e
                  WHERE e.project_id = n.project_id AND e.state <> 'disabled')
   ORDER BY n.id;
  RETURN NULL;
END
$$;
