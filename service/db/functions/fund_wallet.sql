-- service.fund_wallet as the newest migration that defines it left it:
-- service/db/migrations/0007_settlement_batches.sql. The migrations are what runs; this file is for
-- reading. A change to the function is a new migration AND this file (docs/service.md, "SQL
-- functions"); service/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
-- `POST /FundWallet` once its lines are resolved, as in 0004: claims the RequestID (a taken one
-- returns the stored request's kind, body, settled list and whether its settlement is still
-- running, and changes nothing), credits the project wallet from the outside world, and settles
-- the first batch in the same transaction. `reach` is that batch's (null for a taken RequestID):
-- the caller hands it to service.settle_funding with the number of awards settled so far.
CREATE FUNCTION "service"."fund_wallet"(
  p_project integer, p_request_id text, p_canonical_body text,
  p_tokens integer[], p_contracts integer[], p_amounts numeric[], p_limit integer,
  OUT funding bigint, OUT existing_kind text, OUT existing_body text, OUT settled text[], OUT more boolean,
  OUT reach integer[]
) LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_lines integer := cardinality(p_contracts);
  v_line integer;
  v_accounts bigint[] := '{}';
  v_amounts numeric[] := '{}';
BEGIN
  INSERT INTO service.awards (project_id, request_id, request_id_text, kind, canonical_body, status)
  VALUES (p_project, p_request_id::uuid, p_request_id, 'funding', p_canonical_body, 'Queued')
  ON CONFLICT (project_id, request_id) DO NOTHING
  RETURNING id INTO funding;
  IF funding IS NULL THEN
    SELECT a.id, a.kind, a.canonical_body, a.settled, a.status = 'Queued'
      INTO STRICT funding, existing_kind, existing_body, settled, more
      FROM service.awards a
     WHERE a.project_id = p_project AND a.request_id = p_request_id::uuid;
    RETURN;
  END IF;
  INSERT INTO service.award_lines (award_id, position, token_id, contract_id, amount)
  SELECT funding, x.position - 1, x.token_id, x.contract_id, x.amount
    FROM unnest(p_tokens, p_contracts, p_amounts) WITH ORDINALITY AS x(token_id, contract_id, amount, position);
  -- Outside world → project wallet, per line; the accounts exist before the locks are taken.
  FOR v_line IN 1 .. v_lines LOOP
    v_accounts := v_accounts
      || service.ledger_account(p_project, p_contracts[v_line], 'world', NULL, '')
      || service.ledger_account(p_project, p_contracts[v_line], 'project', NULL, '');
    v_amounts := v_amounts || -p_amounts[v_line] || p_amounts[v_line];
  END LOOP;
  -- The reach's locks first, in id order (the credit's project accounts are among them), then
  -- the credit, then the settlement under the same locks.
  PERFORM service.lock_queue_component(p_project, p_contracts);
  PERFORM service.post_accounts(p_project, 'fund', funding, v_accounts, v_amounts);
  SELECT s.settled, s.more, s.reach INTO settled, more, reach FROM service.settle_batch(p_project, p_contracts, p_limit) s;
  UPDATE service.awards
     SET settled = fund_wallet.settled,
         status = CASE WHEN more THEN 'Queued' ELSE 'Completed' END,
         completed_at = CASE WHEN more THEN NULL ELSE now() END
   WHERE id = funding;
END
$$;
