-- service.settle_funding as the newest migration that defines it left it:
-- service/db/migrations/0007_settlement_batches.sql. The migrations are what runs; this file is for
-- reading. A change to the function is a new migration AND this file (docs/service.md, "SQL
-- functions"); service/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
-- The next batch of a funding's settlement, one transaction: nothing when the funding is already
-- complete. The caller passes the last batch's reach and how many of the funding's settled awards
-- it knows; `settled` is what it does not know yet (what another caller continuing the same
-- funding settled meanwhile, then this batch: the funding's row keeps the whole list), `reach`
-- where the next batch continues. When the caller passes no reach (a repeat of an interrupted
-- funding), or when the funding settled more than it knows, the reach is found the long way: the funding's contracts and those of every award it settled so far (an award still
-- waiting may be reachable only through the contracts of an award an earlier batch settled).
CREATE FUNCTION "service"."settle_funding"(
  p_funding bigint, p_limit integer, p_reach integer[] DEFAULT NULL, p_known integer DEFAULT NULL,
  OUT settled text[], OUT more boolean, OUT reach integer[]
) LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_project integer;
  v_status text;
  v_so_far text[];
  v_contracts integer[] := p_reach;
  v_batch text[];
BEGIN
  -- The funding's row first: two callers continuing one funding take their turns.
  SELECT a.project_id, a.status, a.settled INTO STRICT v_project, v_status, v_so_far
    FROM service.awards a WHERE a.id = p_funding AND a.kind = 'funding' FOR UPDATE;
  more := false;
  IF v_status = 'Completed' THEN
    settled := v_so_far[coalesce(p_known, 0) + 1:];
    RETURN;
  END IF;
  IF v_contracts IS NULL OR p_known IS DISTINCT FROM cardinality(v_so_far) THEN
    SELECT array_agg(DISTINCT l.contract_id) INTO STRICT v_contracts
      FROM service.award_lines l
     WHERE l.award_id = p_funding
        OR l.award_id IN (SELECT a.id FROM service.awards a
                           WHERE a.project_id = v_project AND a.request_id = ANY (v_so_far::uuid[]));
  END IF;
  SELECT s.settled, s.more, s.reach INTO v_batch, more, reach
    FROM service.settle_batch(v_project, v_contracts, p_limit) s;
  settled := v_so_far[coalesce(p_known, 0) + 1:] || v_batch;
  UPDATE service.awards
     SET settled = v_so_far || v_batch,
         status = CASE WHEN more THEN 'Queued' ELSE 'Completed' END,
         completed_at = CASE WHEN more THEN NULL ELSE now() END
   WHERE id = p_funding;
END
$$;
