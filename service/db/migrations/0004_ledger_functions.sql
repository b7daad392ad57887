ALTER TABLE "service"."award_lines" ADD COLUMN "queue_seq" bigint;--> statement-breakpoint
CREATE INDEX "award_lines_queue_idx" ON "service"."award_lines" USING btree ("contract_id","queue_seq") WHERE "service"."award_lines"."queue_seq" is not null;--> statement-breakpoint

-- One home for the ledger's rules (docs/service.md, "The ledger"): every money movement — an
-- award, a funding, the settlement of the queue, an import's opening balances — is written by a
-- function here; the TypeScript only resolves and checks the input and calls them. The rules they
-- implement are modelled in service/domain/ledger-model.ts, and a property-based test
-- (service/domain/ledger-rules.db.test.ts) drives random sequences through these functions on
-- PGlite and PostgreSQL and compares every balance, the queue and every status with the model.
--
-- The queue, per contract: each line of a waiting award carries the award's queue position
-- (award_lines.queue_seq, the partial index above), so "does anything wait on these contracts?"
-- and "what waits on this contract, oldest first?" are index ranges whose cost does not grow with
-- the queue of other contracts or projects. Locks are per contract: an award locks the project
-- wallet accounts of its own contracts, and a settlement those of the contracts it can reach
-- through the queue (below) — never all of a project's — so an award on one contract never waits
-- for a settlement on another. The note at the top of 0002 (plans made once, sequential scans
-- off) holds for every function here.
UPDATE "service"."award_lines" AS l SET "queue_seq" = a."queue_seq"
  FROM "service"."awards" AS a
 WHERE a."id" = l."award_id" AND a."status" = 'Queued' AND a."queue_seq" IS NOT NULL;
--> statement-breakpoint

-- One ledger transaction on known accounts: its postings (one per leg, `p_amounts` signed) and
-- the balances they change, together; the balances change in account id order, the one order in
-- which every lock on accounts is taken, so two transactions never wait on each other in a cycle.
-- A balance that would fall below zero (the outside world's excepted) breaks the CHECK: an
-- overdraft is impossible.
CREATE FUNCTION "service"."post_accounts"(
  p_project integer, p_kind text, p_award bigint, p_accounts bigint[], p_amounts numeric[]
) RETURNS void LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_transaction bigint;
  v_leg integer;
BEGIN
  INSERT INTO service.ledger_transactions (project_id, kind, award_id)
  VALUES (p_project, p_kind, p_award)
  RETURNING id INTO v_transaction;
  FOR v_leg IN
    SELECT i FROM generate_subscripts(p_accounts, 1) AS i ORDER BY p_accounts[i], i
  LOOP
    UPDATE service.accounts SET balance = balance + p_amounts[v_leg] WHERE id = p_accounts[v_leg];
  END LOOP;
  INSERT INTO service.postings (transaction_id, account_id, amount)
  SELECT v_transaction, x.account_id, x.amount
    FROM unnest(p_accounts, p_amounts) WITH ORDINALITY AS x(account_id, amount, position)
   ORDER BY x.position;
END
$$;
--> statement-breakpoint

-- The same by owners (migration 0002's signature, kept for callers outside the service's own
-- functions): the accounts are found or created in the order of the legs, then posted.
CREATE OR REPLACE FUNCTION "service"."post_ledger"(
  p_project integer, p_kind text, p_award bigint, p_customer integer,
  p_contracts integer[], p_kinds text[], p_wallets text[], p_amounts numeric[]
) RETURNS void LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_accounts bigint[] := array_fill(NULL::bigint, ARRAY[cardinality(p_amounts)]);
  v_leg integer;
BEGIN
  FOR v_leg IN 1 .. cardinality(p_amounts) LOOP
    v_accounts[v_leg] := service.ledger_account(
      p_project, p_contracts[v_leg], p_kinds[v_leg],
      CASE WHEN p_kinds[v_leg] IN ('wallet', 'allowance') THEN p_customer END, p_wallets[v_leg]);
  END LOOP;
  PERFORM service.post_accounts(p_project, p_kind, p_award, v_accounts, p_amounts);
END
$$;
--> statement-breakpoint

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
--> statement-breakpoint

-- The contracts a settlement on `p_contracts` can reach: those contracts, and every contract of
-- a waiting award on a contract reached (rule 15: funding one contract can release an award that
-- also needs another, and what waits behind it there). Sorted.
CREATE FUNCTION "service"."queue_component"(p_contracts integer[]) RETURNS integer[] LANGUAGE sql
SET enable_seqscan = off
AS $$
  WITH RECURSIVE reach(contract_id) AS (
    SELECT c FROM unnest(p_contracts) AS c
    UNION
    SELECT other.contract_id
      FROM reach r
      JOIN service.award_lines waiting ON waiting.contract_id = r.contract_id AND waiting.queue_seq IS NOT NULL
      JOIN service.award_lines other ON other.award_id = waiting.award_id
  )
  SELECT coalesce(array_agg(contract_id ORDER BY contract_id), '{}') FROM reach
$$;
--> statement-breakpoint

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
--> statement-breakpoint

-- Settles what the project wallet now covers among the awards waiting on `p_contracts` and what
-- they reach (rule 15), at most `p_limit` awards, in one transaction: scans those awards oldest
-- first; an award settles when the balances cover all its lines and nothing earlier that shares a
-- contract with it still waits; a waiting award blocks all of its contracts for the awards behind
-- it. `settled` lists their RequestIDs in order; `more` is true when the limit stopped the scan
-- before an award that would settle (the caller runs another batch).
CREATE FUNCTION "service"."settle_batch"(
  p_project integer, p_contracts integer[], p_limit integer, OUT settled text[], OUT more boolean
) LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_reach integer[];
  v_contracts integer[];
  v_project_accounts bigint[];
  v_left numeric[];
  v_try numeric[];
  v_blocked integer[] := '{}';
  v_done bigint[] := '{}';
  v_accounts bigint[];
  v_amounts numeric[];
  v_pos integer;
  v_line integer;
  v_covered boolean;
  r record;
BEGIN
  settled := '{}';
  more := false;
  v_reach := service.lock_queue_component(p_project, p_contracts);
  SELECT coalesce(array_agg(contract_id ORDER BY contract_id), '{}'),
         coalesce(array_agg(id ORDER BY contract_id), '{}'),
         coalesce(array_agg(balance ORDER BY contract_id), '{}')
    INTO v_contracts, v_project_accounts, v_left
    FROM service.accounts
   WHERE contract_id = ANY (v_reach) AND kind = 'project' AND customer_id IS NULL AND wallet = '';
  FOR r IN
    SELECT a.id, a.request_id_text, a.customer_id, a.wallet,
           array_agg(l.contract_id ORDER BY l.position) AS contracts,
           array_agg(l.amount ORDER BY l.position) AS amounts
      FROM service.awards a
      JOIN service.award_lines l ON l.award_id = a.id
     WHERE a.id IN (SELECT w.award_id FROM service.award_lines w
                     WHERE w.contract_id = ANY (v_reach) AND w.queue_seq IS NOT NULL)
     GROUP BY a.id
     ORDER BY a.queue_seq
  LOOP
    IF r.contracts && v_blocked THEN
      v_blocked := v_blocked || r.contracts;
      CONTINUE;
    END IF;
    v_try := v_left;
    v_covered := true;
    FOR v_line IN 1 .. cardinality(r.contracts) LOOP
      v_pos := array_position(v_contracts, r.contracts[v_line]);
      IF v_pos IS NULL OR v_try[v_pos] < r.amounts[v_line] THEN
        v_covered := false;
        EXIT;
      END IF;
      v_try[v_pos] := v_try[v_pos] - r.amounts[v_line];
    END LOOP;
    IF NOT v_covered THEN
      v_blocked := v_blocked || r.contracts;
      CONTINUE;
    END IF;
    IF cardinality(settled) >= p_limit THEN
      more := true;
      EXIT;
    END IF;
    v_left := v_try;
    -- Project wallet → the customer's wallet, per line.
    v_accounts := '{}';
    v_amounts := '{}';
    FOR v_line IN 1 .. cardinality(r.contracts) LOOP
      v_accounts := v_accounts || v_project_accounts[array_position(v_contracts, r.contracts[v_line])]
        || service.ledger_account(p_project, r.contracts[v_line], 'wallet', r.customer_id, r.wallet);
      v_amounts := v_amounts || -r.amounts[v_line] || r.amounts[v_line];
    END LOOP;
    PERFORM service.post_accounts(p_project, 'settle', r.id, v_accounts, v_amounts);
    v_done := v_done || r.id;
    settled := settled || r.request_id_text;
  END LOOP;
  UPDATE service.awards SET status = 'Completed', completed_at = now(), queue_seq = NULL
   WHERE id = ANY (v_done);
  UPDATE service.award_lines SET queue_seq = NULL WHERE award_id = ANY (v_done);
END
$$;
--> statement-breakpoint

-- `POST /FundWallet` once its lines are resolved: claims the RequestID (as an award does; a taken
-- one returns the stored request's kind, body, settled list and whether its settlement is still
-- running, and changes nothing), credits the project wallet from the outside world, and settles
-- the first batch of what the funding releases, in one transaction. While `more` is true the
-- caller continues with service.settle_funding, one transaction per batch: a funding that
-- releases thousands of awards holds its contracts' locks for one batch at a time. A funding
-- whose settlement is still running is stored with status Queued, and Completed when done.
CREATE FUNCTION "service"."fund_wallet"(
  p_project integer, p_request_id text, p_canonical_body text,
  p_tokens integer[], p_contracts integer[], p_amounts numeric[], p_limit integer,
  OUT funding bigint, OUT existing_kind text, OUT existing_body text, OUT settled text[], OUT more boolean
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
  SELECT s.settled, s.more INTO settled, more FROM service.settle_batch(p_project, p_contracts, p_limit) s;
  UPDATE service.awards
     SET settled = fund_wallet.settled,
         status = CASE WHEN more THEN 'Queued' ELSE 'Completed' END,
         completed_at = CASE WHEN more THEN NULL ELSE now() END
   WHERE id = funding;
END
$$;
--> statement-breakpoint

-- The next batch of a funding's settlement (see service.fund_wallet), one transaction: nothing
-- when the funding is already complete. `settled` is everything the funding settled so far.
CREATE FUNCTION "service"."settle_funding"(
  p_funding bigint, p_limit integer, OUT settled text[], OUT more boolean
) LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_project integer;
  v_status text;
  v_contracts integer[];
  v_batch text[];
BEGIN
  -- The funding's row first: two callers continuing one funding take their turns.
  SELECT a.project_id, a.status, a.settled INTO STRICT v_project, v_status, settled
    FROM service.awards a WHERE a.id = p_funding AND a.kind = 'funding' FOR UPDATE;
  more := false;
  IF v_status = 'Completed' THEN
    RETURN;
  END IF;
  -- Where the settlement continues: the funding's contracts and those of every award it settled
  -- so far. (Not the funding's contracts alone: an award still waiting may be reachable only
  -- through the contracts of an award an earlier batch settled.)
  SELECT array_agg(DISTINCT l.contract_id) INTO STRICT v_contracts
    FROM service.award_lines l
   WHERE l.award_id = p_funding
      OR l.award_id IN (SELECT a.id FROM service.awards a
                         WHERE a.project_id = v_project AND a.request_id = ANY (settle_funding.settled::uuid[]));
  SELECT s.settled, s.more INTO v_batch, more FROM service.settle_batch(v_project, v_contracts, p_limit) s;
  settled := settled || v_batch;
  UPDATE service.awards
     SET settled = settle_funding.settled,
         status = CASE WHEN more THEN 'Queued' ELSE 'Completed' END,
         completed_at = CASE WHEN more THEN NULL ELSE now() END
   WHERE id = p_funding;
END
$$;
--> statement-breakpoint

-- An import's opening balances (docs/service.md, "Data in"): one ledger transaction of kind
-- `import` in which every holding — `p_kinds` 'project', 'wallet' or 'allowance', with its
-- customer and wallet — comes from the outside world of its contract. Holdings of one owner are
-- added up into one account; the accounts are created in the order their owners first appear
-- (each holding's owner, then its contract's outside world), which the lists read from balances
-- follow. Per contract the postings, and the balances, sum to zero. For a project whose holdings
-- were just deleted (an import replaces them): the accounts must not exist yet.
CREATE FUNCTION "service"."import_opening_balances"(
  p_project integer, p_contracts integer[], p_kinds text[], p_customers integer[], p_wallets text[],
  p_amounts numeric[]
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_transaction bigint;
BEGIN
  IF cardinality(p_amounts) = 0 THEN
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_kinds) AS k WHERE k NOT IN ('project', 'wallet', 'allowance')) THEN
    RAISE EXCEPTION 'import_opening_balances: a holding is a project, wallet or allowance balance';
  END IF;
  INSERT INTO service.ledger_transactions (project_id, kind) VALUES (p_project, 'import')
  RETURNING id INTO v_transaction;
  WITH holdings AS (
    SELECT * FROM unnest(p_contracts, p_kinds, p_customers, p_wallets, p_amounts) WITH ORDINALITY
      AS h(contract_id, kind, customer_id, wallet, amount, n)
  ), legs AS (
    SELECT contract_id, kind, customer_id, wallet, amount, 2 * n AS n FROM holdings
    UNION ALL
    SELECT contract_id, 'world', NULL, '', -amount, 2 * n + 1 FROM holdings
  ), owners AS (
    SELECT contract_id, kind, customer_id, wallet, sum(amount) AS balance, min(n) AS n
      FROM legs GROUP BY contract_id, kind, customer_id, wallet
  ), created AS (
    INSERT INTO service.accounts (project_id, contract_id, kind, customer_id, wallet, balance)
    SELECT p_project, contract_id, kind, customer_id, wallet, balance FROM owners ORDER BY n
    RETURNING id, balance
  )
  INSERT INTO service.postings (transaction_id, account_id, amount)
  SELECT v_transaction, id, balance FROM created;
END
$$;
