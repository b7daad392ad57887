-- service.lock_queue_component as the newest migration that defines it left it:
-- service/db/migrations/0004_ledger_functions.sql. The migrations are what runs; this file is for
-- reading. A change to the function is a new migration AND this file (docs/service.md, "SQL
-- functions"); service/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
-- Locks the project wallet accounts of every contract a settlement on `p_contracts` can reach, in
-- id order, and returns those contracts. Under the locks the reach is looked at again: an award
-- queued meanwhile (it held one of these locks) may have joined another contract to it, whose
-- account is then locked too (out of order, rarely: PostgreSQL resolves a deadlock by aborting
-- one transaction, which the service runs again).
CREATE FUNCTION "service"."lock_queue_component"(p_project integer, p_contracts integer[]) RETURNS integer[]
LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_locked integer[] := '{}';
  v_reach integer[] := p_contracts;
BEGIN
  LOOP
    v_reach := service.queue_component(v_reach);
    EXIT WHEN v_reach <@ v_locked;
    PERFORM 1 FROM service.accounts
      WHERE contract_id = ANY (v_reach) AND NOT (contract_id = ANY (v_locked))
        AND kind = 'project' AND customer_id IS NULL AND wallet = ''
      ORDER BY id FOR UPDATE;
    v_locked := v_reach;
  END LOOP;
  RETURN v_locked;
END
$$;
