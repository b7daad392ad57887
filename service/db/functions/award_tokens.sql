-- service.award_tokens as the newest migration that defines it left it:
-- service/db/migrations/0004_ledger_functions.sql. The migrations are what runs; this file is for
-- reading. A change to the function is a new migration AND this file (docs/service.md, "SQL
-- functions"); service/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
-- `POST /AwardTokens` once its lines are resolved (rules 14–17), as in 0002, now with the queue
-- checked per contract through award_lines_queue_idx and posted on the accounts it already holds.
CREATE OR REPLACE FUNCTION "service"."award_tokens"(
  p_project integer, p_request_id text, p_canonical_body text, p_customer text,
  p_is_allowance boolean, p_is_mintable boolean, p_wallet text,
  p_tokens integer[], p_contracts integer[], p_amounts numeric[],
  OUT status text, OUT existing_kind text, OUT existing_body text
) LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_customer integer;
  v_created boolean := false;
  v_award bigint;
  v_lines integer := cardinality(p_contracts);
  v_line integer;
  v_seq bigint;
  -- The legs, per line the giving account then the receiving one.
  v_accounts bigint[] := '{}';
  v_amounts numeric[] := '{}';
  v_project_accounts bigint[] := array_fill(NULL::bigint, ARRAY[v_lines]);
  v_balance numeric;
  v_waiting boolean;
  v_covered boolean := true;
BEGIN
  -- The customer, created on first award. When another transaction is creating it, the insert
  -- waits for that one and does nothing; the next statement sees its row.
  SELECT id INTO v_customer FROM service.customers
   WHERE project_id = p_project AND customer_id = p_customer;
  IF v_customer IS NULL THEN
    INSERT INTO service.customers (project_id, customer_id) VALUES (p_project, p_customer)
    ON CONFLICT (project_id, customer_id) DO NOTHING
    RETURNING id INTO v_customer;
    v_created := v_customer IS NOT NULL;
    IF NOT v_created THEN
      SELECT id INTO STRICT v_customer FROM service.customers
       WHERE project_id = p_project AND customer_id = p_customer;
    END IF;
  END IF;

  -- The RequestID gate. Stored as Completed, the usual outcome; a direct award that must wait is
  -- changed to Queued below, before anyone can see it.
  INSERT INTO service.awards (project_id, request_id, request_id_text, kind, canonical_body, customer_id,
                              customer_text, is_allowance, is_mintable, wallet, status, completed_at)
  VALUES (p_project, p_request_id::uuid, p_request_id, 'award', p_canonical_body, v_customer,
          p_customer, p_is_allowance, p_is_mintable, p_wallet, 'Completed', now())
  ON CONFLICT (project_id, request_id) DO NOTHING
  RETURNING id INTO v_award;
  IF v_award IS NULL THEN
    -- A refused or repeated request changes nothing: not even the customer it named.
    IF v_created THEN
      DELETE FROM service.customers WHERE id = v_customer;
    END IF;
    SELECT a.status, a.kind, a.canonical_body INTO STRICT status, existing_kind, existing_body
      FROM service.awards a
     WHERE a.project_id = p_project AND a.request_id = p_request_id::uuid;
    RETURN;
  END IF;

  IF p_is_allowance THEN
    -- Outside world → the customer's allowance, at once: it needs no project funds.
    INSERT INTO service.award_lines (award_id, position, token_id, contract_id, amount)
    SELECT v_award, x.position - 1, x.token_id, x.contract_id, x.amount
      FROM unnest(p_tokens, p_contracts, p_amounts) WITH ORDINALITY AS x(token_id, contract_id, amount, position);
    FOR v_line IN 1 .. v_lines LOOP
      v_accounts := v_accounts
        || service.ledger_account(p_project, p_contracts[v_line], 'world', NULL, '')
        || service.ledger_account(p_project, p_contracts[v_line], 'allowance', v_customer, '');
      v_amounts := v_amounts || -p_amounts[v_line] || p_amounts[v_line];
    END LOOP;
    PERFORM service.post_accounts(p_project, 'award', v_award, v_accounts, v_amounts);
    status := 'Completed';
    RETURN;
  END IF;

  -- A direct award: its accounts found or created (project wallet, then the customer's wallet,
  -- per line), so that the set of project wallet accounts to lock is complete.
  FOR v_line IN 1 .. v_lines LOOP
    v_project_accounts[v_line] := service.ledger_account(p_project, p_contracts[v_line], 'project', NULL, '');
    v_accounts := v_accounts || v_project_accounts[v_line]
      || service.ledger_account(p_project, p_contracts[v_line], 'wallet', v_customer, p_wallet);
    v_amounts := v_amounts || -p_amounts[v_line] || p_amounts[v_line];
  END LOOP;
  -- Locked in id order; each balance, read under its lock, is compared with what the line takes
  -- (the lines' contracts are distinct: a contract is one token's, and rule 13 refuses a token
  -- and contract twice).
  FOR v_line IN
    SELECT i FROM generate_subscripts(v_project_accounts, 1) AS i ORDER BY v_project_accounts[i]
  LOOP
    SELECT balance INTO STRICT v_balance FROM service.accounts WHERE id = v_project_accounts[v_line] FOR UPDATE;
    IF v_balance < p_amounts[v_line] THEN
      v_covered := false;
    END IF;
  END LOOP;
  -- Under the locks, in a new snapshot: an earlier award waiting on one of these contracts (queued
  -- by a transaction that held its lock) is seen. One index probe per contract.
  SELECT EXISTS (
    SELECT 1 FROM service.award_lines l WHERE l.contract_id = ANY (p_contracts) AND l.queue_seq IS NOT NULL
  ) INTO v_waiting;
  IF v_waiting OR NOT v_covered THEN
    v_seq := nextval('service.queue_seq');
    UPDATE service.awards
       SET status = 'Queued', completed_at = NULL, queue_seq = v_seq
     WHERE id = v_award;
    INSERT INTO service.award_lines (award_id, position, token_id, contract_id, amount, queue_seq)
    SELECT v_award, x.position - 1, x.token_id, x.contract_id, x.amount, v_seq
      FROM unnest(p_tokens, p_contracts, p_amounts) WITH ORDINALITY AS x(token_id, contract_id, amount, position);
    status := 'Queued';
    RETURN;
  END IF;
  INSERT INTO service.award_lines (award_id, position, token_id, contract_id, amount)
  SELECT v_award, x.position - 1, x.token_id, x.contract_id, x.amount
    FROM unnest(p_tokens, p_contracts, p_amounts) WITH ORDINALITY AS x(token_id, contract_id, amount, position);
  PERFORM service.post_accounts(p_project, 'award', v_award, v_accounts, v_amounts);
  status := 'Completed';
END
$$;
