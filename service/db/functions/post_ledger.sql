-- service.post_ledger as the newest migration that defines it left it:
-- service/db/migrations/0004_ledger_functions.sql. The migrations are what runs; this file is for
-- reading. A change to the function is a new migration AND this file (docs/service.md, "SQL
-- functions"); service/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
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
