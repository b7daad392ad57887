-- service.webhook_awards_updated as the newest migration that defines it left it:
-- service/db/migrations/0021_webhooks.sql. The migrations are what runs; this file is for
-- reading. A change to the function is a new migration AND this file (docs/service.md, "SQL
-- functions"); service/db/functions.test.ts fails when the two differ.
CREATE FUNCTION "service"."webhook_awards_updated"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE service.webhook_events w SET type = 'award.queued'
    FROM old_awards o JOIN new_awards n ON n.id = o.id
   WHERE o.status = 'Completed' AND n.status = 'Queued' AND n.kind = 'award'
     AND w.dedup = 'award:' || n.id || ':made';
  INSERT INTO service.webhook_events (project_id, type, award_id, dedup)
  SELECT n.project_id, 'award.settled', n.id, 'award:' || n.id || ':settled'
    FROM old_awards o JOIN new_awards n ON n.id = o.id
   WHERE o.status = 'Queued' AND n.status = 'Completed' AND n.kind = 'award'
     AND EXISTS (SELECT 1 FROM service.webhook_endpoints e
                  WHERE e.project_id = n.project_id AND e.state <> 'disabled')
   ORDER BY n.id
  ON CONFLICT (dedup) DO NOTHING;
  RETURN NULL;
END
$$;
