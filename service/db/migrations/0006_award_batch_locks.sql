-- A batch of awards (migration 0005) takes its locks as one award does: every lock first, in
-- account id order. Alone, an award locks the project wallet accounts of its contracts in id
-- order and then posts on its accounts in id order; in a batch, award after award, the locks
-- would be taken in the order of the awards, and two batches (two instances, or a batch and a
-- settlement) could wait on each other in a cycle — a deadlock PostgreSQL resolves only after
-- `deadlock_timeout`. So the batch first locks the shared accounts its awards post on — the
-- project wallet of each direct line's contract, the outside world of each allowance line's
-- contract — all in id order; each award's own locks on them are then already held. (Accounts
-- that do not exist yet are created, and locked, by their first award: a refused request creates
-- none. A deadlock there, or on a customer's own accounts, which concurrent batches rarely
-- share, is retried.)
CREATE OR REPLACE FUNCTION "service"."award_tokens_batch"(
  p_projects integer[], p_request_ids text[], p_canonical_bodies text[], p_customers text[],
  p_is_allowance boolean[], p_is_mintable boolean[], p_wallets text[], p_line_counts integer[],
  p_tokens integer[], p_contracts integer[], p_amounts numeric[]
) RETURNS TABLE (status text, existing_kind text, existing_body text) LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_award integer;
  v_line integer;
  v_first integer := 1;
  v_last integer;
  v_contracts integer[] := '{}';
  v_kinds text[] := '{}';
BEGIN
  FOR v_award IN 1 .. cardinality(p_request_ids) LOOP
    v_last := v_first + p_line_counts[v_award] - 1;
    FOR v_line IN v_first .. v_last LOOP
      v_contracts := v_contracts || p_contracts[v_line];
      v_kinds := v_kinds || CASE WHEN p_is_allowance[v_award] THEN 'world' ELSE 'project' END;
    END LOOP;
    v_first := v_last + 1;
  END LOOP;
  PERFORM 1 FROM service.accounts a
   WHERE a.id IN (SELECT s.id FROM unnest(v_contracts, v_kinds) AS x(contract_id, kind)
                    JOIN service.accounts s
                      ON s.contract_id = x.contract_id AND s.kind = x.kind
                     AND s.customer_id IS NULL AND s.wallet = '')
   ORDER BY a.id FOR UPDATE;

  v_first := 1;
  FOR v_award IN 1 .. cardinality(p_request_ids) LOOP
    v_last := v_first + p_line_counts[v_award] - 1;
    RETURN QUERY
      SELECT a.status, a.existing_kind, a.existing_body
        FROM service.award_tokens(p_projects[v_award], p_request_ids[v_award], p_canonical_bodies[v_award],
                                  p_customers[v_award], p_is_allowance[v_award], p_is_mintable[v_award],
                                  p_wallets[v_award], p_tokens[v_first:v_last], p_contracts[v_first:v_last],
                                  p_amounts[v_first:v_last]) AS a;
    v_first := v_last + 1;
  END LOOP;
END
$$;
