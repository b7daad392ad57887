-- service.webhook_accounts_updated as the newest migration that defines it left it:
-- service/db/migrations/0021_webhooks.sql. The migrations are what runs; this file is for
-- reading. A change to the function is a new migration AND this file (docs/service.md, "SQL
-- functions"); service/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
-- wallet.low: a contract's project wallet fell from at least an endpoint's threshold for its token
-- to below it. Each crossing is one event, for that endpoint alone, with the balances of the time.
CREATE FUNCTION "service"."webhook_accounts_updated"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM service.webhook_thresholds) THEN
    RETURN NULL;
  END IF;
  INSERT INTO service.webhook_events (project_id, type, endpoint_id, data)
  SELECT n.project_id, 'wallet.low', t.endpoint_id,
         json_build_object('contract', n.contract_id, 'before', trim_scale(o.balance)::text,
                           'balance', trim_scale(n.balance)::text, 'below', trim_scale(t.below)::text)::text
    FROM old_accounts o
    JOIN new_accounts n ON n.id = o.id
    JOIN service.contracts c ON c.id = n.contract_id
    JOIN service.webhook_thresholds t ON t.token_id = c.token_id
    JOIN service.webhook_endpoints e ON e.id = t.endpoint_id AND e.state <> 'disabled'
   WHERE n.kind = 'project' AND o.balance >= t.below AND n.balance < t.below
   ORDER BY n.id, t.endpoint_id;
  RETURN NULL;
END
$$;
