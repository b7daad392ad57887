ALTER TABLE "service"."projects" ADD COLUMN "catalogue_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint

-- The ledger posting and the award as PL/pgSQL functions, called by service/domain/ledger.ts and
-- awards.ts. A function's statements are parsed and planned once per connection and then reused,
-- where a statement the service sends is parsed and planned on every call; and an award becomes
-- one round trip instead of a dozen. On PGlite, whose one connection runs every award in turn,
-- parsing and planning were most of an award's cost (scripts/bench/award-throughput.ts).
--
-- Both run in READ COMMITTED, where every statement of a (volatile) function takes a new
-- snapshot: a statement after a lock sees what the lock waited for.
--
-- A plan a function keeps may be a generic one, made once — on PGlite, whose one session never
-- ends and which has no autovacuum to invalidate it, made for good while the tables were small.
-- So every statement here reaches a table by a key (a unique key, a primary key, the queue's
-- partial index), and both functions run with sequential scans off: no plan can be a sequential
-- scan that grows with the tables.

-- The id of the ledger account of an owner, created when missing (an account is created on first
-- use). When another transaction is creating it, the insert waits for that one and does nothing;
-- the next look finds its row. Called by the functions below, which run with sequential scans off.
CREATE FUNCTION "service"."ledger_account"(
  p_project integer, p_contract integer, p_kind text, p_customer integer, p_wallet text
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_account bigint;
BEGIN
  FOR attempt IN 1 .. 3 LOOP
    IF p_customer IS NULL THEN
      SELECT id INTO v_account FROM service.accounts
       WHERE contract_id = p_contract AND kind = p_kind AND customer_id IS NULL AND wallet = p_wallet;
    ELSE
      SELECT id INTO v_account FROM service.accounts
       WHERE contract_id = p_contract AND kind = p_kind AND customer_id = p_customer AND wallet = p_wallet;
    END IF;
    IF v_account IS NOT NULL THEN
      RETURN v_account;
    END IF;
    INSERT INTO service.accounts (project_id, contract_id, kind, customer_id, wallet)
    VALUES (p_project, p_contract, p_kind, p_customer, p_wallet)
    ON CONFLICT ON CONSTRAINT accounts_owner_key DO NOTHING
    RETURNING id INTO v_account;
    IF v_account IS NOT NULL THEN
      RETURN v_account;
    END IF;
  END LOOP;
  RAISE EXCEPTION 'ledger_account: the % account of contract % conflicts but cannot be found', p_kind, p_contract;
END
$$;
--> statement-breakpoint

-- One ledger transaction (DESIGN §5): its postings, one per leg (`p_amounts` signed: the giving
-- leg negative, the receiving one positive), and the balances they change, together. Wallet and
-- allowance legs belong to `p_customer`.
--
-- The accounts are found, or created, in the order of the legs (the order the service always
-- created them in, which lists follow); then the balances change in account id order, as every
-- lock on accounts is taken — the project wallet accounts a caller decides on first, then these —
-- so two transactions never wait on each other in a cycle. A balance that would fall below zero
-- (the outside world's excepted) breaks the CHECK and fails the statement: an overdraft is
-- impossible.
CREATE FUNCTION "service"."post_ledger"(
  p_project integer, p_kind text, p_award bigint, p_customer integer,
  p_contracts integer[], p_kinds text[], p_wallets text[], p_amounts numeric[]
) RETURNS void LANGUAGE plpgsql
-- See the note at the top of this file.
SET enable_seqscan = off
AS $$
DECLARE
  v_transaction bigint;
  v_accounts bigint[] := array_fill(NULL::bigint, ARRAY[cardinality(p_amounts)]);
  v_leg integer;
BEGIN
  INSERT INTO service.ledger_transactions (project_id, kind, award_id)
  VALUES (p_project, p_kind, p_award)
  RETURNING id INTO v_transaction;

  FOR v_leg IN 1 .. cardinality(p_amounts) LOOP
    v_accounts[v_leg] := service.ledger_account(
      p_project, p_contracts[v_leg], p_kinds[v_leg],
      CASE WHEN p_kinds[v_leg] IN ('wallet', 'allowance') THEN p_customer END, p_wallets[v_leg]);
  END LOOP;
  FOR v_leg IN
    SELECT i FROM generate_subscripts(v_accounts, 1) AS i ORDER BY v_accounts[i], i
  LOOP
    UPDATE service.accounts SET balance = balance + p_amounts[v_leg] WHERE id = v_accounts[v_leg];
  END LOOP;

  INSERT INTO service.postings (transaction_id, account_id, amount)
  SELECT v_transaction, x.account_id, x.amount
    FROM unnest(v_accounts, p_amounts) WITH ORDINALITY AS x(account_id, amount, position)
   ORDER BY x.position;
END
$$;
--> statement-breakpoint

-- `POST /AwardTokens` once its lines are resolved (DESIGN §3 rules 14–17): one call, one
-- transaction. Claims the RequestID — or, when it is taken, returns the stored request's status,
-- kind and canonical body and changes nothing (the caller compares the bodies). On PostgreSQL the
-- conflicting insert waits for the winner to commit, so a racing twin returns the winner's row.
--
-- An allowance is posted at once (outside world → the customer's allowance). A direct award
-- creates its accounts (project wallet and the customer's wallet, per line) when missing, so the
-- lock set is complete, locks the project wallet accounts in id order and, under those locks, is
-- paid (project wallet → the customer's wallet) when the balances cover every line and no
-- earlier queued award shares a contract with it; otherwise it takes its place in the queue
-- (rule 15). `status` is Completed or Queued.
CREATE FUNCTION "service"."award_tokens"(
  p_project integer, p_request_id text, p_canonical_body text, p_customer text,
  p_is_allowance boolean, p_is_mintable boolean, p_wallet text,
  p_tokens integer[], p_contracts integer[], p_amounts numeric[],
  OUT status text, OUT existing_kind text, OUT existing_body text
) LANGUAGE plpgsql
-- See the note at the top of this file; here it also keeps the queue check on the queue's index.
SET enable_seqscan = off
AS $$
DECLARE
  v_customer integer;
  v_created boolean := false;
  v_award bigint;
  v_lines integer := cardinality(p_contracts);
  v_line integer;
  -- The legs, per line the giving one then the receiving one.
  v_contracts integer[] := '{}';
  v_kinds text[] := '{}';
  v_wallets text[] := '{}';
  v_amounts numeric[] := '{}';
  v_from text := CASE WHEN p_is_allowance THEN 'world' ELSE 'project' END;
  v_to text := CASE WHEN p_is_allowance THEN 'allowance' ELSE 'wallet' END;
  v_wallet_accounts bigint[] := array_fill(NULL::bigint, ARRAY[v_lines]);
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

  -- Stored as Completed, the usual outcome; a direct award that must wait is changed to Queued
  -- below, before anyone can see it.
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
  INSERT INTO service.award_lines (award_id, position, token_id, contract_id, amount)
  SELECT v_award, x.position - 1, x.token_id, x.contract_id, x.amount
    FROM unnest(p_tokens, p_contracts, p_amounts) WITH ORDINALITY AS x(token_id, contract_id, amount, position);

  FOR v_line IN 1 .. v_lines LOOP
    v_contracts := v_contracts || p_contracts[v_line] || p_contracts[v_line];
    v_kinds := v_kinds || v_from || v_to;
    v_wallets := v_wallets || ''::text || CASE WHEN p_is_allowance THEN '' ELSE p_wallet END;
    v_amounts := v_amounts || -p_amounts[v_line] || p_amounts[v_line];
  END LOOP;

  IF p_is_allowance THEN
    PERFORM service.post_ledger(p_project, 'award', v_award, v_customer, v_contracts, v_kinds, v_wallets, v_amounts);
    status := 'Completed';
    RETURN;
  END IF;

  -- The accounts it would use, found or created (in the order posting would create them), so
  -- the set of project wallet accounts to lock is complete.
  FOR v_line IN 1 .. v_lines LOOP
    v_wallet_accounts[v_line] := service.ledger_account(p_project, p_contracts[v_line], 'project', NULL, '');
    PERFORM service.ledger_account(p_project, p_contracts[v_line], 'wallet', v_customer, p_wallet);
  END LOOP;
  -- Locked in id order; each balance, read under its lock, is compared with what the line takes
  -- (the lines' contracts are distinct: a contract is one token's, and rule 13 refuses a token
  -- and contract twice).
  FOR v_line IN
    SELECT i FROM generate_subscripts(v_wallet_accounts, 1) AS i ORDER BY v_wallet_accounts[i]
  LOOP
    SELECT balance INTO STRICT v_balance FROM service.accounts WHERE id = v_wallet_accounts[v_line] FOR UPDATE;
    IF v_balance < p_amounts[v_line] THEN
      v_covered := false;
    END IF;
  END LOOP;
  -- Under the locks, in a new snapshot: an earlier queued award that shares a contract with this
  -- one (queued by a transaction that held one of these locks) is seen. Driven by the queue and
  -- each queued award's own lines.
  SELECT EXISTS (
    SELECT 1
      FROM service.awards a,
           LATERAL (SELECT 1 FROM service.award_lines l
                     WHERE l.award_id = a.id AND l.contract_id = ANY (p_contracts)
                     LIMIT 1) AS shares
     WHERE a.project_id = p_project AND a.status = 'Queued' AND a.queue_seq IS NOT NULL
  ) INTO v_waiting;
  IF v_waiting OR NOT v_covered THEN
    UPDATE service.awards
       SET status = 'Queued', completed_at = NULL, queue_seq = nextval('service.queue_seq')
     WHERE id = v_award;
    status := 'Queued';
    RETURN;
  END IF;
  PERFORM service.post_ledger(p_project, 'award', v_award, v_customer, v_contracts, v_kinds, v_wallets, v_amounts);
  status := 'Completed';
END
$$;
