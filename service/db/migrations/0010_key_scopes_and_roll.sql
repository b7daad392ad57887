ALTER TABLE "service"."api_keys" ADD COLUMN "scopes" text[] DEFAULT '{read,award,fund,keys}' NOT NULL;--> statement-breakpoint
ALTER TABLE "service"."api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service"."api_keys" ADD CONSTRAINT "api_keys_scopes_check" CHECK ("service"."api_keys"."scopes" <@ '{read,award,fund,keys}'::text[] and cardinality("service"."api_keys"."scopes") > 0);
--> statement-breakpoint
-- Whether a key works now (docs/service.md, "API keys"): not revoked, or rolled and still inside
-- its grace period (revoked_at in the future), and not past an expiry set when it was made. The
-- one rule of the key check and of the award batch's own check (migration 0008).
CREATE FUNCTION "service"."api_key_live"(p_revoked_at timestamptz, p_expires_at timestamptz)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT (p_revoked_at IS NULL OR p_revoked_at > now()) AND (p_expires_at IS NULL OR p_expires_at > now())
$$;--> statement-breakpoint
-- The award batch checks its keys with that rule; otherwise as migration 0008.
CREATE OR REPLACE FUNCTION "service"."award_tokens_batch"(
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
            WHERE k.key_hash = decode(x.key_id, 'hex') AND service.api_key_live(k.revoked_at, k.expires_at) AND p.id = x.project_id
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
