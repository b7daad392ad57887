-- service.webhook_reversals_inserted as the newest migration that defines it left it:
-- service/db/migrations/0021_webhooks.sql. The migrations are what runs; this file is for
-- reading. A change to the function is a new migration AND this file (docs/service.md, "SQL
-- functions"); service/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
-- A reversal (a queued award cancelled, or a completed one taken back) writes award.reversed.
CREATE FUNCTION "service"."webhook_reversals_inserted"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO service.webhook_events (project_id, type, award_id, reversal_id, dedup)
  SELECT n.project_id, 'award.reversed', n.award_id, n.id, 'reversal:' || n.id
    FROM new_reversals n
   WHERE EXISTS (SELECT 1 FROM service.webhook_endpoints e
                  WHERE e.project_id = n.project_id AND e.state <> 'disabled')
   ORDER BY n.id
  ON CONFLICT (dedup) DO NOTHING;
  RETURN NULL;
END
$$;
