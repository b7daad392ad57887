-- service.settle_batch as the newest migration that defines it left it:
-- service/db/migrations/0007_settlement_batches.sql. The migrations are what runs; this file is for
-- reading. A change to the function is a new migration AND this file (docs/service.md, "SQL
-- functions"); service/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
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
