-- service.import_opening_balances as the newest migration that defines it left it:
-- service/db/migrations/0004_ledger_functions.sql. The migrations are what runs; this file is for
-- reading. A change to the function is a new migration AND this file (docs/service.md, "SQL
-- functions"); service/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
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
