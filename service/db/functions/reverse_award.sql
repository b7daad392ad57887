-- service.reverse_award as the newest migration that defines it left it:
-- service/db/migrations/0019_award_reversals.sql. The migrations are what runs; this file is for
-- reading. A change to the function is a new migration AND this file (docs/service.md, "SQL
-- functions"); service/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
-- `POST /ReverseAward` once its lines are resolved (docs/service.md, "Reversals"): takes back
-- what one award still holds in effect, or refuses and changes nothing. The locks are taken in
-- the ledger's one order — the project wallet accounts of every contract the queue can reach
-- from the award's (id order), then the customer's accounts (id order), then the award's row — so
-- that a reversal waits behind an award, a funding or another reversal on the same accounts and
-- never in a cycle with them. Under them the award's state decides:
--   queued: cancelled whole (a partial request is refused); it leaves the queue and what waited
--     behind it settles now if the wallet covers it;
--   completed allowance: the customer's allowance on each line's contract goes back to the
--     outside world, refused when the allowance holds less than asked;
--   completed direct distribution on the database chain (DB): the customer's wallet gives the
--     amount back to the project wallet, refused when it holds less; the queue then settles as
--     after a funding; on any other chain the transfer was final: refused.
-- `outcome` is 'cancelled' or 'reversed' (done, `reversal` its row), 'repeat' (the ReversalID was
-- taken: `reversal` and `existing_body` are that one's), or the refusal's name, with `detail`
-- naming the line and the amounts. A refusal writes nothing. Only the first settlement batch runs
-- here; service.settle_reversal runs the rest.
CREATE FUNCTION "service"."reverse_award"(
  p_project integer, p_reversal_id text, p_canonical_body text, p_request_id text, p_reason text,
  p_contracts integer[], p_amounts numeric[], p_limit integer,
  OUT outcome text, OUT reversal bigint, OUT existing_body text, OUT detail json,
  OUT settled text[], OUT more boolean, OUT reach integer[]
) LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_award bigint;
  v_kind text;
  v_status text;
  v_allowance boolean;
  v_customer integer;
  v_wallet text;
  -- The award's lines in order: contract, token, position, what remains, on a blockchain.
  v_contracts integer[];
  v_tokens integer[];
  v_positions integer[];
  v_remains numeric[];
  v_on_chain boolean[];
  -- What this reversal takes: per line of the request (or of the award when it names none).
  v_take integer[] := '{}';
  v_amounts numeric[] := '{}';
  v_accounts bigint[] := '{}';
  v_legs numeric[] := '{}';
  v_account bigint;
  v_balance numeric;
  v_pos integer;
  v_line integer;
  v_transaction bigint;
BEGIN
  settled := '{}';
  more := false;
  SELECT a.id, a.kind, a.is_allowance, a.customer_id, a.wallet
    INTO v_award, v_kind, v_allowance, v_customer, v_wallet
    FROM service.awards a WHERE a.project_id = p_project AND a.request_id = p_request_id::uuid;

  -- The locks (the award's contracts and owners never change; its state is read under them).
  IF v_award IS NOT NULL AND v_kind = 'award' THEN
    SELECT array_agg(l.contract_id ORDER BY l.position) INTO STRICT v_contracts
      FROM service.award_lines l WHERE l.award_id = v_award;
    IF v_allowance THEN
      PERFORM 1 FROM service.accounts a
        WHERE a.contract_id = ANY (v_contracts)
          AND ((a.kind = 'world' AND a.customer_id IS NULL AND a.wallet = '')
               OR (a.kind = 'allowance' AND a.customer_id = v_customer AND a.wallet = ''))
        ORDER BY a.id FOR UPDATE;
    ELSE
      reach := service.lock_queue_component(p_project, v_contracts);
      PERFORM 1 FROM service.accounts a
        WHERE a.contract_id = ANY (v_contracts) AND a.kind = 'wallet' AND a.customer_id = v_customer
          AND a.wallet = v_wallet
        ORDER BY a.id FOR UPDATE;
    END IF;
    SELECT a.status INTO STRICT v_status FROM service.awards a WHERE a.id = v_award FOR UPDATE;
  END IF;

  -- A repeat: the ReversalID names one reversal for ever (read under the locks, so a twin that
  -- held them is seen once it committed).
  SELECT r.id, r.canonical_body, r.settled, r.settling INTO reversal, existing_body, settled, more
    FROM service.reversals r WHERE r.project_id = p_project AND r.reversal_id = p_reversal_id::uuid;
  IF FOUND THEN
    outcome := 'repeat';
    RETURN;
  END IF;
  settled := '{}';
  more := false;
  IF v_award IS NULL OR v_kind <> 'award' THEN
    outcome := CASE WHEN v_award IS NULL THEN 'not_found' ELSE 'funding' END;
    RETURN;
  END IF;
  IF v_status = 'Cancelled' THEN
    outcome := 'already_cancelled';
    RETURN;
  END IF;

  SELECT array_agg(l.token_id ORDER BY l.position), array_agg(l.position ORDER BY l.position),
         array_agg(l.amount - coalesce(t.taken, 0) ORDER BY l.position),
         array_agg(upper(ch.name) <> 'DB' ORDER BY l.position)
    INTO STRICT v_tokens, v_positions, v_remains, v_on_chain
    FROM service.award_lines l
    JOIN service.contracts c ON c.id = l.contract_id
    JOIN service.chains ch ON ch.id = c.chain_id
    LEFT JOIN LATERAL (
      SELECT sum(rl.amount) AS taken
        FROM service.reversals r JOIN service.reversal_lines rl ON rl.reversal_id = r.id
       WHERE r.award_id = l.award_id AND rl.position = l.position) AS t ON true
   WHERE l.award_id = v_award;

  IF v_status = 'Queued' THEN
    -- Cancelled whole: a request that names lines must name every line with its whole amount.
    IF p_contracts IS NOT NULL AND (
         cardinality(p_contracts) <> cardinality(v_contracts)
         OR EXISTS (SELECT 1 FROM unnest(p_contracts, p_amounts) AS x(contract_id, amount)
                     WHERE x.amount <> v_remains[array_position(v_contracts, x.contract_id)]
                        OR array_position(v_contracts, x.contract_id) IS NULL)) THEN
      outcome := 'queued_partial';
      RETURN;
    END IF;
    INSERT INTO service.reversals (project_id, reversal_id, reversal_id_text, award_id, kind, canonical_body, reason)
    VALUES (p_project, p_reversal_id::uuid, p_reversal_id, v_award, 'cancel', p_canonical_body, p_reason)
    ON CONFLICT (project_id, reversal_id) DO NOTHING
    RETURNING id INTO reversal;
    IF reversal IS NULL THEN
      -- Taken meanwhile by a reversal of another award: a repeat of that one.
      SELECT r.id, r.canonical_body INTO STRICT reversal, existing_body
        FROM service.reversals r WHERE r.project_id = p_project AND r.reversal_id = p_reversal_id::uuid;
      outcome := 'repeat';
      RETURN;
    END IF;
    INSERT INTO service.reversal_lines (reversal_id, position, token_id, contract_id, amount)
    SELECT reversal, x.position, x.token_id, x.contract_id, x.amount
      FROM unnest(v_positions, v_tokens, v_contracts, v_remains) AS x(position, token_id, contract_id, amount);
    UPDATE service.awards SET status = 'Cancelled', queue_seq = NULL WHERE id = v_award;
    UPDATE service.award_lines SET queue_seq = NULL WHERE award_id = v_award;
    outcome := 'cancelled';
  ELSE
    IF NOT EXISTS (SELECT 1 FROM unnest(v_remains) AS r(amount) WHERE r.amount > 0) THEN
      outcome := 'already_reversed';
      RETURN;
    END IF;
    IF p_contracts IS NULL THEN
      -- Everything still reversible: what remains of each line a reversal can reach.
      FOR v_pos IN 1 .. cardinality(v_contracts) LOOP
        IF v_remains[v_pos] > 0 AND (v_allowance OR NOT v_on_chain[v_pos]) THEN
          v_take := v_take || v_pos;
          v_amounts := v_amounts || v_remains[v_pos];
        END IF;
      END LOOP;
      IF cardinality(v_take) = 0 THEN
        outcome := 'on_chain';
        RETURN;
      END IF;
    ELSE
      FOR v_line IN 1 .. cardinality(p_contracts) LOOP
        v_pos := array_position(v_contracts, p_contracts[v_line]);
        IF v_pos IS NULL THEN
          outcome := 'not_in_award';
          detail := json_build_object('line', v_line - 1);
          RETURN;
        END IF;
        IF NOT v_allowance AND v_on_chain[v_pos] THEN
          outcome := 'on_chain';
          detail := json_build_object('line', v_line - 1, 'chain',
            (SELECT ch.name FROM service.contracts c JOIN service.chains ch ON ch.id = c.chain_id
              WHERE c.id = v_contracts[v_pos]));
          RETURN;
        END IF;
        IF p_amounts[v_line] > v_remains[v_pos] THEN
          outcome := 'more_than_remains';
          detail := json_build_object('line', v_line - 1, 'remains', v_remains[v_pos]::text);
          RETURN;
        END IF;
        v_take := v_take || v_pos;
        v_amounts := v_amounts || p_amounts[v_line];
      END LOOP;
    END IF;
    -- What the customer still holds there (an allowance may have been claimed, a wallet spent).
    FOR v_line IN 1 .. cardinality(v_take) LOOP
      v_pos := v_take[v_line];
      SELECT a.id, a.balance INTO v_account, v_balance
        FROM service.accounts a
       WHERE a.contract_id = v_contracts[v_pos] AND a.customer_id = v_customer
         AND a.kind = CASE WHEN v_allowance THEN 'allowance' ELSE 'wallet' END AND a.wallet = v_wallet;
      IF coalesce(v_balance, 0) < v_amounts[v_line] THEN
        outcome := 'insufficient';
        detail := json_build_object(
          'token', (SELECT t.guid_text FROM service.tokens t WHERE t.id = v_tokens[v_pos]),
          'contract', (SELECT c.guid_text FROM service.contracts c WHERE c.id = v_contracts[v_pos]),
          'available', coalesce(v_balance, 0)::text, 'asked', v_amounts[v_line]::text);
        RETURN;
      END IF;
      -- The customer's account gives, the outside world (an allowance) or the project wallet takes.
      v_accounts := v_accounts || v_account
        || service.ledger_account(p_project, v_contracts[v_pos], CASE WHEN v_allowance THEN 'world' ELSE 'project' END, NULL, '');
      v_legs := v_legs || -v_amounts[v_line] || v_amounts[v_line];
    END LOOP;
    INSERT INTO service.reversals (project_id, reversal_id, reversal_id_text, award_id, kind, canonical_body, reason)
    VALUES (p_project, p_reversal_id::uuid, p_reversal_id, v_award, 'reverse', p_canonical_body, p_reason)
    ON CONFLICT (project_id, reversal_id) DO NOTHING
    RETURNING id INTO reversal;
    IF reversal IS NULL THEN
      SELECT r.id, r.canonical_body INTO STRICT reversal, existing_body
        FROM service.reversals r WHERE r.project_id = p_project AND r.reversal_id = p_reversal_id::uuid;
      outcome := 'repeat';
      RETURN;
    END IF;
    INSERT INTO service.reversal_lines (reversal_id, position, token_id, contract_id, amount)
    SELECT reversal, v_positions[x.pos], v_tokens[x.pos], v_contracts[x.pos], x.amount
      FROM unnest(v_take, v_amounts) AS x(pos, amount);
    -- The compensating ledger transaction, posted as service.post_accounts posts (balances in
    -- account id order), naming its reversal.
    INSERT INTO service.ledger_transactions (project_id, kind, award_id, reversal_id)
    VALUES (p_project, 'reverse', v_award, reversal)
    RETURNING id INTO v_transaction;
    FOR v_line IN
      SELECT i FROM generate_subscripts(v_accounts, 1) AS i ORDER BY v_accounts[i], i
    LOOP
      UPDATE service.accounts SET balance = balance + v_legs[v_line] WHERE id = v_accounts[v_line];
    END LOOP;
    INSERT INTO service.postings (transaction_id, account_id, amount)
    SELECT v_transaction, x.account_id, x.amount
      FROM unnest(v_accounts, v_legs) WITH ORDINALITY AS x(account_id, amount, position)
     ORDER BY x.position;
    outcome := 'reversed';
    IF v_allowance THEN
      RETURN;
    END IF;
  END IF;

  -- The project wallet got tokens back, or the queue lost an award: what waited settles now, in
  -- order, as after a funding (the reach's locks are held).
  SELECT s.settled, s.more, s.reach INTO settled, more, reach
    FROM service.settle_batch(p_project, v_contracts, p_limit) s;
  UPDATE service.reversals r SET settled = reverse_award.settled, settling = reverse_award.more
   WHERE r.id = reversal;
END
$$;
