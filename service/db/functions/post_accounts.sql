-- service.post_accounts as the newest migration that defines it left it:
-- service/db/migrations/0004_ledger_functions.sql. The migrations are what runs; this file is for
-- reading. A change to the function is a new migration AND this file (docs/service.md, "SQL
-- functions"); service/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
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
