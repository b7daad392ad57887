-- A batch of awards checks its keys itself (docs/service.md, "Caches"). An award must never be
-- decided on a revoked key, nor against a catalogue an import has replaced since its token lines
-- were resolved; the service used to make sure with a fresh key check before every award — one
-- more statement, planned anew, per award. Now the key check of the request is the cached one,
-- and the batch, in its own transaction, looks each award's key up again with the catalogue
-- version its lines were resolved against: an award whose key is no longer live for its project,
-- or whose project's catalogue version has moved, is not decided and answers `Refused` (the service
-- then checks the key afresh: 401, or the lines resolved again and the award sent again). Keys are
-- given as the hex of their SHA-256 hash (the service's key id); a null one skips the check
-- (callers that resolved the project themselves: CLI, tests). Otherwise as migration 0006.
DROP FUNCTION "service"."award_tokens_batch"(
  integer[], text[], text[], text[], boolean[], boolean[], text[], integer[], integer[], integer[], numeric[]
);
--> statement-breakpoint
CREATE FUNCTION "service"."award_tokens_batch"(
  p_projects integer[], p_request_ids text[], p_canonical_bodies text[], p_customers text[],
  p_is_allowance boolean[], p_is_mintable boolean[], p_wallets text[], p_line_counts integer[],
  p_tokens integer[], p_contracts integer[], p_amounts numeric[],
  p_key_ids text[], p_catalogue_versions integer[]
) RETURNS TABLE (status text, existing_kind text, existing_body text) LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_award integer;
  v_line integer;
  v_first integer := 1;
  v_last integer;
  v_live boolean[];
  v_contracts integer[] := '{}';
  v_kinds text[] := '{}';
BEGIN
  -- Per award: its key still live for its project, and the catalogue version unchanged.
  SELECT array_agg(x.key_id IS NULL OR EXISTS (
           SELECT 1 FROM service.api_keys k JOIN service.projects p ON p.id = k.project_id
            WHERE k.key_hash = decode(x.key_id, 'hex') AND k.revoked_at IS NULL AND p.id = x.project_id
              AND p.catalogue_version = x.version) ORDER BY x.n)
    INTO v_live
    FROM unnest(p_projects, p_key_ids, p_catalogue_versions) WITH ORDINALITY AS x(project_id, key_id, version, n);

  FOR v_award IN 1 .. cardinality(p_request_ids) LOOP
    v_last := v_first + p_line_counts[v_award] - 1;
    IF v_live[v_award] THEN
      FOR v_line IN v_first .. v_last LOOP
        v_contracts := v_contracts || p_contracts[v_line];
        v_kinds := v_kinds || CASE WHEN p_is_allowance[v_award] THEN 'world' ELSE 'project' END;
      END LOOP;
    END IF;
    v_first := v_last + 1;
  END LOOP;
  PERFORM 1 FROM service.accounts a
   WHERE a.id IN (SELECT s.id FROM unnest(v_contracts, v_kinds) AS x(contract_id, kind)
                    JOIN service.accounts s
                      ON s.contract_id = x.contract_id AND s.kind = x.kind
                     AND s.customer_id IS NULL AND s.wallet = '')
   ORDER BY a.id FOR UPDATE;

  v_first := 1;
  FOR v_award IN 1 .. cardinality(p_request_ids) LOOP
    v_last := v_first + p_line_counts[v_award] - 1;
    IF v_live[v_award] THEN
      RETURN QUERY
        SELECT a.status, a.existing_kind, a.existing_body
          FROM service.award_tokens(p_projects[v_award], p_request_ids[v_award], p_canonical_bodies[v_award],
                                    p_customers[v_award], p_is_allowance[v_award], p_is_mintable[v_award],
                                    p_wallets[v_award], p_tokens[v_first:v_last], p_contracts[v_first:v_last],
                                    p_amounts[v_first:v_last]) AS a;
    ELSE
      RETURN QUERY SELECT 'Refused'::text, NULL::text, NULL::text;
    END IF;
    v_first := v_last + 1;
  END LOOP;
END
$$;
