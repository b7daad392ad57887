-- service.settle_reversal as the newest migration that defines it left it:
-- service/db/migrations/0019_award_reversals.sql. The migrations are what runs; this file is for
-- reading. A change to the function is a new migration AND this file (docs/service.md, "SQL
-- functions"); service/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
-- The next settlement batch after a reversal (service.reverse_award ran the first), as
-- service.settle_funding continues a funding: nothing when it is complete; `p_known` is how many
-- of its settled awards the caller knows, `settled` what it does not know yet, `reach` where the
-- next batch continues. Without a reach (a repeat of an interrupted reversal), or when the
-- reversal settled more than the caller knows, the reach is found from the award's contracts and
-- those of every award it settled so far.
CREATE FUNCTION "service"."settle_reversal"(
  p_reversal bigint, p_limit integer, p_reach integer[] DEFAULT NULL, p_known integer DEFAULT NULL,
  OUT settled text[], OUT more boolean, OUT reach integer[]
) LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_project integer;
  v_award bigint;
  v_settling boolean;
  v_so_far text[];
  v_contracts integer[] := p_reach;
  v_batch text[];
BEGIN
  SELECT r.project_id, r.award_id, r.settling, r.settled INTO STRICT v_project, v_award, v_settling, v_so_far
    FROM service.reversals r WHERE r.id = p_reversal FOR UPDATE;
  more := false;
  IF NOT v_settling THEN
    settled := v_so_far[coalesce(p_known, 0) + 1:];
    RETURN;
  END IF;
  IF v_contracts IS NULL OR p_known IS DISTINCT FROM cardinality(v_so_far) THEN
    SELECT array_agg(DISTINCT l.contract_id) INTO STRICT v_contracts
      FROM service.award_lines l
     WHERE l.award_id = v_award
        OR l.award_id IN (SELECT a.id FROM service.awards a
                           WHERE a.project_id = v_project AND a.request_id = ANY (v_so_far::uuid[]));
  END IF;
  SELECT s.settled, s.more, s.reach INTO v_batch, more, reach
    FROM service.settle_batch(v_project, v_contracts, p_limit) s;
  settled := v_so_far[coalesce(p_known, 0) + 1:] || v_batch;
  UPDATE service.reversals SET settled = v_so_far || v_batch, settling = more WHERE id = p_reversal;
END
$$;
