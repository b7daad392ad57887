-- Awards in batches: several `POST /AwardTokens` requests that arrive together are decided in one
-- transaction, one after the other, by service.award_tokens — so they share one commit, and
-- with it one flush of the WAL to disk (docs/service.md, "Durability"). A durable commit waits
-- for the disk (milliseconds), and a direct award holds its contract's wallet lock until it has
-- committed; one commit per batch instead of one per award is what lets awards on one contract
-- pass faster than the disk can flush (group commit in the service; service/domain/award-batches.ts).
-- Each award's outcome is the same as alone: the batch is one of the orders in which these
-- concurrent requests could have arrived. `p_line_counts` splits the flat line arrays by award.
CREATE FUNCTION "service"."award_tokens_batch"(
  p_projects integer[], p_request_ids text[], p_canonical_bodies text[], p_customers text[],
  p_is_allowance boolean[], p_is_mintable boolean[], p_wallets text[], p_line_counts integer[],
  p_tokens integer[], p_contracts integer[], p_amounts numeric[]
) RETURNS TABLE (status text, existing_kind text, existing_body text) LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_award integer;
  v_first integer := 1;
  v_last integer;
BEGIN
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
