-- service.queue_component as the newest migration that defines it left it:
-- service/db/migrations/0004_ledger_functions.sql. The migrations are what runs; this file is for
-- reading. A change to the function is a new migration AND this file (docs/service.md, "SQL
-- functions"); service/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
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
