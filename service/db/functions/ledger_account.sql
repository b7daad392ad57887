-- service.ledger_account as the newest migration that defines it left it:
-- service/db/migrations/0002_award_functions.sql. The migrations are what runs; this file is for
-- reading. A change to the function is a new migration AND this file (docs/service.md, "SQL
-- functions"); service/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
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
