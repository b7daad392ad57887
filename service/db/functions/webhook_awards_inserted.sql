-- service.webhook_awards_inserted as the newest migration that defines it left it:
-- service/db/migrations/0021_webhooks.sql. The migrations are what runs; this file is for
-- reading. A change to the function is a new migration AND this file (docs/service.md, "SQL
-- functions"); service/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
-- The outbox's writers (docs/service.md, "Webhooks"): triggers, so that every way a change is made
-- — the award functions one by one, in batches and in sets, the settlements after a funding or a
-- reversal, the key functions — writes its event in its own transaction, and no path can forget
-- one. Statement-level with transition tables: a batch of a thousand awards writes its events in
-- one statement. Events are written only for projects with an endpoint that is not disabled.
--
-- An award is made by inserting its row; direct awards are stored as Completed and changed to
-- Queued before the statement's function returns when they must wait (migration 0017): the event
-- written at the insert is changed to award.queued by that update, inside the same transaction,
-- so no one ever sees the first one. A queued award that settles writes award.settled; a funding
-- (an awards row of kind 'funding') writes wallet.funded.
CREATE FUNCTION "service"."webhook_awards_inserted"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO service.webhook_events (project_id, type, award_id, dedup)
  SELECT n.project_id,
         CASE WHEN n.kind = 'funding' THEN 'wallet.funded'
              WHEN n.status = 'Queued' THEN 'award.queued'
              ELSE 'award.completed' END,
         n.id, 'award:' || n.id || ':made'
    FROM new_awards n
   WHERE EXISTS (SELECT 1 FROM service.webhook_endpoints e
                  WHERE e.project_id = n.project_id AND e.state <> 'disabled')
   ORDER BY n.id
  ON CONFLICT (dedup) DO NOTHING;
  RETURN NULL;
END
$$;
