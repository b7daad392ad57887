-- Settlement at the speed of one batch (docs/service.md, "The ledger"). The rules are those of
-- migration 0004 — the queue scanned oldest first over the contracts a funding can reach, an award
-- settling when the balances cover all its lines and nothing earlier that shares a contract with it
-- still waits, at most `p_limit` awards per transaction — and the model test
-- (service/domain/ledger-rules.db.test.ts) holds them to it. What changes is the cost of a batch,
-- which grew with everything the funding had settled before it (10,000 queued awards took 5 s on
-- an idle machine, three times that under load, for about 1 s of posting):
--
-- - A continuing batch re-read every award the funding had settled so far, to find where to
--   continue (settle_funding looked each RequestID up again): quadratic in the funding's size, and
--   half of the time. Now each batch answers the contracts it reached, and the caller hands them
--   to the next batch; the long way is taken only by a repeat of an interrupted funding.
-- - Each batch aggregated the lines of every award waiting on its contracts, the whole queue,
--   before looking at the first: now it reads the queue in order, `p_limit + 1` awards at a time,
--   and stops as soon as the batch is full or every contract it reaches is blocked.
-- - Each settled award was posted by its own calls (ledger_account, post_accounts: six statements,
--   and one more version of the project wallet's row per award, all kept until the commit): now a
--   batch posts set-based — its accounts found or created in one statement, one ledger transaction
--   per award and their postings in two, each balance changed once.

DROP FUNCTION "service"."fund_wallet"(integer, text, text, integer[], integer[], numeric[], integer);
--> statement-breakpoint
DROP FUNCTION "service"."settle_funding"(bigint, integer);
--> statement-breakpoint
DROP FUNCTION "service"."settle_batch"(integer, integer[], integer);
--> statement-breakpoint

-- Settles what the project wallet now covers among the awards waiting on `p_contracts` and what
-- they reach (rule 15), at most `p_limit` awards, in one transaction: the rule of 0004's
-- settle_batch. `settled` lists their RequestIDs in order; `more` is true when the limit stopped
-- the scan before an award that would settle; `reach` is the contracts locked and scanned (sorted):
-- they include every contract of every award settled, so the next batch continues from them.
CREATE FUNCTION "service"."settle_batch"(
  p_project integer, p_contracts integer[], p_limit integer,
  OUT settled text[], OUT more boolean, OUT reach integer[]
) LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_count integer;
  v_accounts bigint[];
  v_left numeric[];
  v_try numeric[];
  -- Per contract of the reach (same positions): blocked by an earlier waiting award.
  v_blocked boolean[];
  v_free integer;
  v_positions integer[];
  v_pos integer;
  v_line integer;
  v_covered boolean;
  v_after bigint := 0;
  v_seen integer;
  v_chunk integer := p_limit + 1;
  -- The settled awards, and their lines (flat, in order).
  v_done bigint[] := '{}';
  v_leg_award bigint[] := '{}';
  v_leg_position integer[] := '{}';
  v_leg_customer integer[] := '{}';
  v_leg_wallet text[] := '{}';
  v_leg_amount numeric[] := '{}';
  v_leg_account bigint[];
  r record;
BEGIN
  settled := '{}';
  more := false;
  reach := service.lock_queue_component(p_project, p_contracts);
  v_count := cardinality(reach);
  -- Each contract's project wallet account and balance (none: nothing on it is covered).
  SELECT coalesce(array_agg(a.id ORDER BY c.n), '{}'), coalesce(array_agg(a.balance ORDER BY c.n), '{}')
    INTO v_accounts, v_left
    FROM unnest(reach) WITH ORDINALITY AS c(contract_id, n)
    LEFT JOIN service.accounts a
      ON a.contract_id = c.contract_id AND a.kind = 'project' AND a.customer_id IS NULL AND a.wallet = '';
  v_blocked := array_fill(false, ARRAY[v_count]);
  v_free := v_count;

  <<scan>>
  LOOP
    v_seen := 0;
    -- The next awards waiting on the reach, oldest first (a multi-line award once).
    FOR r IN
      SELECT q.queue_seq, a.id, a.request_id_text, a.customer_id, a.wallet, l.contracts, l.amounts
        FROM (SELECT DISTINCT ON (w.queue_seq) w.queue_seq, w.award_id
                FROM service.award_lines w
               WHERE w.contract_id = ANY (reach) AND w.queue_seq IS NOT NULL AND w.queue_seq > v_after
               ORDER BY w.queue_seq
               LIMIT v_chunk) AS q
        JOIN service.awards a ON a.id = q.award_id
        CROSS JOIN LATERAL (
          SELECT array_agg(x.contract_id ORDER BY x.position) AS contracts,
                 array_agg(x.amount ORDER BY x.position) AS amounts
            FROM service.award_lines x WHERE x.award_id = a.id) AS l
       ORDER BY q.queue_seq
    LOOP
      v_seen := v_seen + 1;
      v_after := r.queue_seq;
      v_positions := '{}';
      v_covered := true;
      v_try := v_left;
      FOR v_line IN 1 .. cardinality(r.contracts) LOOP
        v_pos := array_position(reach, r.contracts[v_line]);
        v_positions := v_positions || v_pos;
        IF v_pos IS NULL OR v_blocked[v_pos] OR v_try[v_pos] IS NULL OR v_try[v_pos] < r.amounts[v_line] THEN
          v_covered := false;
        ELSE
          v_try[v_pos] := v_try[v_pos] - r.amounts[v_line];
        END IF;
      END LOOP;
      IF NOT v_covered THEN
        -- It waits, and blocks all of its contracts for the awards behind it.
        FOREACH v_pos IN ARRAY v_positions LOOP
          IF v_pos IS NOT NULL AND NOT v_blocked[v_pos] THEN
            v_blocked[v_pos] := true;
            v_free := v_free - 1;
          END IF;
        END LOOP;
        EXIT scan WHEN v_free = 0;
        CONTINUE;
      END IF;
      IF cardinality(v_done) >= p_limit THEN
        more := true;
        EXIT scan;
      END IF;
      v_left := v_try;
      v_done := v_done || r.id;
      settled := settled || r.request_id_text;
      FOR v_line IN 1 .. cardinality(r.contracts) LOOP
        v_leg_award := v_leg_award || r.id;
        v_leg_position := v_leg_position || v_positions[v_line];
        v_leg_customer := v_leg_customer || r.customer_id;
        v_leg_wallet := v_leg_wallet || r.wallet;
        v_leg_amount := v_leg_amount || r.amounts[v_line];
      END LOOP;
    END LOOP;
    EXIT scan WHEN v_seen < v_chunk;
  END LOOP;

  IF cardinality(v_done) = 0 THEN
    RETURN;
  END IF;

  -- The customers' wallet accounts, created when missing in the order the awards first name them
  -- (as ledger_account would, one by one). A concurrent award creating the same account makes the
  -- insert wait for it and skip the row; the next statement sees it.
  INSERT INTO service.accounts (project_id, contract_id, kind, customer_id, wallet)
  SELECT p_project, o.contract_id, 'wallet', o.customer_id, o.wallet
    FROM (SELECT reach[l.position] AS contract_id, l.customer_id, l.wallet, min(l.n) AS n
            FROM unnest(v_leg_position, v_leg_customer, v_leg_wallet) WITH ORDINALITY AS l(position, customer_id, wallet, n)
           GROUP BY 1, 2, 3) AS o
   WHERE NOT EXISTS (SELECT 1 FROM service.accounts e
                      WHERE e.contract_id = o.contract_id AND e.kind = 'wallet'
                        AND e.customer_id = o.customer_id AND e.wallet = o.wallet)
   ORDER BY o.n
  ON CONFLICT ON CONSTRAINT accounts_owner_key DO NOTHING;

  -- Each leg's customer wallet account (every one exists now).
  SELECT array_agg(w.id ORDER BY l.n) INTO v_leg_account
    FROM unnest(v_leg_position, v_leg_customer, v_leg_wallet) WITH ORDINALITY AS l(position, customer_id, wallet, n)
    JOIN service.accounts w
      ON w.contract_id = reach[l.position] AND w.kind = 'wallet' AND w.customer_id = l.customer_id
     AND w.wallet = l.wallet;
  IF cardinality(v_leg_account) IS DISTINCT FROM cardinality(v_leg_award) THEN
    RAISE EXCEPTION 'settle_batch: a customer wallet account of a settled award cannot be found';
  END IF;

  -- One ledger transaction per award, in queue order, and its postings in the order 0004 wrote
  -- them: per line, project wallet → the customer's wallet.
  WITH transactions AS (
    INSERT INTO service.ledger_transactions (project_id, kind, award_id)
    SELECT p_project, 'settle', d.award_id FROM unnest(v_done) WITH ORDINALITY AS d(award_id, n) ORDER BY d.n
    RETURNING id, award_id
  ), legs AS (
    SELECT l.award_id, l.n, v_accounts[l.position] AS project_account, l.wallet_account, l.amount
      FROM unnest(v_leg_award, v_leg_position, v_leg_account, v_leg_amount) WITH ORDINALITY
        AS l(award_id, position, wallet_account, amount, n)
  )
  INSERT INTO service.postings (transaction_id, account_id, amount)
  SELECT t.id, p.account_id, p.amount
    FROM transactions t
    JOIN legs l ON l.award_id = t.award_id
    CROSS JOIN LATERAL (VALUES (0, l.project_account, -l.amount), (1, l.wallet_account, l.amount))
      AS p(side, account_id, amount)
   ORDER BY t.id, l.n, p.side;

  -- Each balance once. The project wallet accounts are locked already; the customers' ones are
  -- locked here in id order, after them, as every transaction takes its locks on accounts.
  PERFORM 1 FROM service.accounts WHERE id = ANY (v_leg_account) ORDER BY id FOR UPDATE;
  UPDATE service.accounts a SET balance = a.balance + d.delta
    FROM (SELECT legs.account_id, sum(legs.amount) AS delta
            FROM (SELECT v_accounts[x.position] AS account_id, -x.amount AS amount
                    FROM unnest(v_leg_position, v_leg_amount) AS x(position, amount)
                  UNION ALL
                  SELECT y.account_id, y.amount FROM unnest(v_leg_account, v_leg_amount) AS y(account_id, amount)) AS legs
           GROUP BY legs.account_id) AS d
   WHERE a.id = d.account_id;

  UPDATE service.awards SET status = 'Completed', completed_at = now(), queue_seq = NULL
   WHERE id = ANY (v_done);
  UPDATE service.award_lines SET queue_seq = NULL WHERE award_id = ANY (v_done);
END
$$;
--> statement-breakpoint

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
--> statement-breakpoint

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
