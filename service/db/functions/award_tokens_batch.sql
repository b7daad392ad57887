-- service.award_tokens_batch as the newest migration that defines it left it:
-- service/db/migrations/0018_award_batch_probes.sql. The migrations are what runs; this file is
-- for reading. A change to the function is a new migration AND this file (docs/service.md, "SQL
-- functions"); service/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
-- The award batch, as migration 0017, with its "RequestID free?" check a probe per award (see
-- service.award_tokens_set in this migration, for why).
--
-- Migration 0017's note:
-- The award batch, as migration 0011, now deciding each run of three or more consecutive new
-- awards (key live and without caps, RequestID free and once in the batch) together, with
-- service.award_tokens_set; the others one by one as before, in the batch's order.
--
-- Migration 0011's note (above the DROP of 0010's definition, whose result table it widens):
-- The award batch, as migration 0010, now also keeping each key's daily award caps
-- (docs/service.md, "API keys"). Caps belong to a key's line (the first key it was rolled from:
-- coalesce(family_id, id)), so a rolled key and its successor share them. Lines with caps are
-- locked first (their first key's row), in id order and before the wallet accounts, so that
-- awards made with one capped line — on any instance — decide one after another: each sees what
-- the one before it counted. An award whose RequestID is not taken yet is
-- checked against the caps of its key (the last 24 hours, allowances and direct distributions
-- together); past a cap it is answered `CapReached`, naming the cap, and writes nothing, so its
-- RequestID stays free. A new award counts its amounts per capped token; a replay counts nothing.
CREATE OR REPLACE FUNCTION "service"."award_tokens_batch"(
  p_projects integer[], p_request_ids text[], p_canonical_bodies text[], p_customers text[],
  p_is_allowance boolean[], p_is_mintable boolean[], p_wallets text[], p_line_counts integer[],
  p_tokens integer[], p_contracts integer[], p_amounts numeric[],
  p_key_ids text[], p_catalogue_versions integer[]
) RETURNS TABLE (status text, existing_kind text, existing_body text,
                 cap_token text, cap_symbol text, cap_daily numeric, cap_used numeric)
LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_award integer;
  v_line integer;
  v_first integer := 1;
  v_last integer;
  v_live boolean[];
  v_capped integer[];
  v_award_id bigint;
  v_contracts integer[] := '{}';
  v_kinds text[] := '{}';
  v_new boolean[];
  v_run_end integer;
  v_run_last integer;
BEGIN
  -- Per award: its key still live for its project, and the catalogue version unchanged.
  SELECT array_agg(x.key_id IS NULL OR EXISTS (
           SELECT 1 FROM service.api_keys k JOIN service.projects p ON p.id = k.project_id
            WHERE k.key_hash = decode(x.key_id, 'hex') AND service.api_key_live(k.revoked_at, k.expires_at) AND p.id = x.project_id
              AND p.catalogue_version = x.version) ORDER BY x.n)
    INTO v_live
    FROM unnest(p_projects, p_key_ids, p_catalogue_versions) WITH ORDINALITY AS x(project_id, key_id, version, n);

  -- Per award: its key's line when the line has caps, else NULL; those rows locked in id order.
  SELECT array_agg(CASE WHEN EXISTS (SELECT 1 FROM service.api_key_caps c
                                      WHERE c.key_id = coalesce(k.family_id, k.id))
                        THEN coalesce(k.family_id, k.id) END ORDER BY x.n) INTO v_capped
    FROM unnest(p_key_ids) WITH ORDINALITY AS x(key_id, n)
    LEFT JOIN service.api_keys k ON x.key_id IS NOT NULL AND k.key_hash = decode(x.key_id, 'hex');
  IF EXISTS (SELECT 1 FROM unnest(v_capped) AS c(id) WHERE c.id IS NOT NULL) THEN
    PERFORM 1 FROM service.api_keys k WHERE k.id = ANY (v_capped) ORDER BY k.id FOR NO KEY UPDATE;
  END IF;

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

  -- Per award: decided together with its neighbours (service.award_tokens_set) when its key is
  -- live and without caps, and its RequestID is free and once in the batch — the usual award.
  SELECT array_agg(y.new ORDER BY y.n) INTO v_new
    FROM (SELECT x.n, v_live[x.n] AND v_capped[x.n] IS NULL
                 AND count(*) OVER (PARTITION BY x.project_id, x.request_id::uuid) = 1
                 AND a.id IS NULL AS new
            FROM unnest(p_projects, p_request_ids) WITH ORDINALITY AS x(project_id, request_id, n)
            LEFT JOIN LATERAL (SELECT a.id FROM service.awards a
                                WHERE a.project_id = x.project_id AND a.request_id = x.request_id::uuid
                                LIMIT 1) a ON true) y;

  v_first := 1;
  v_award := 1;
  WHILE v_award <= cardinality(p_request_ids) LOOP
    IF v_new[v_award] THEN
      -- A run of such awards, decided in one set of statements, in the batch's order with the
      -- others; below three awards those statements cost more than deciding each alone.
      v_run_end := v_award;
      v_run_last := v_first + p_line_counts[v_award] - 1;
      WHILE v_run_end < cardinality(p_request_ids) AND v_new[v_run_end + 1] LOOP
        v_run_end := v_run_end + 1;
        v_run_last := v_run_last + p_line_counts[v_run_end];
      END LOOP;
    END IF;
    IF v_new[v_award] AND v_run_end - v_award >= 2 THEN
      RETURN QUERY
        SELECT s.status, s.existing_kind, s.existing_body, NULL::text, NULL::text, NULL::numeric, NULL::numeric
          FROM service.award_tokens_set(p_projects[v_award:v_run_end], p_request_ids[v_award:v_run_end],
                                        p_canonical_bodies[v_award:v_run_end], p_customers[v_award:v_run_end],
                                        p_is_allowance[v_award:v_run_end], p_is_mintable[v_award:v_run_end],
                                        p_wallets[v_award:v_run_end], p_line_counts[v_award:v_run_end],
                                        p_tokens[v_first:v_run_last], p_contracts[v_first:v_run_last],
                                        p_amounts[v_first:v_run_last]) WITH ORDINALITY AS s(status, existing_kind, existing_body, n)
         ORDER BY s.n;
      v_award := v_run_end + 1;
      v_first := v_run_last + 1;
      CONTINUE;
    END IF;
    v_last := v_first + p_line_counts[v_award] - 1;
    status := NULL; existing_kind := NULL; existing_body := NULL;
    cap_token := NULL; cap_symbol := NULL; cap_daily := NULL; cap_used := NULL;
    IF NOT v_live[v_award] THEN
      status := 'Refused';
    ELSE
      IF v_capped[v_award] IS NOT NULL AND NOT EXISTS (
           SELECT 1 FROM service.awards a
            WHERE a.project_id = p_projects[v_award] AND a.request_id = p_request_ids[v_award]::uuid) THEN
        SELECT t.guid_text, t.symbol, c.daily, coalesce(u.total, 0)
          INTO cap_token, cap_symbol, cap_daily, cap_used
          FROM (SELECT x.token, sum(x.amount) AS need
                  FROM unnest(p_tokens[v_first:v_last], p_amounts[v_first:v_last]) AS x(token, amount)
                 GROUP BY x.token) n
          JOIN service.api_key_caps c ON c.key_id = v_capped[v_award] AND c.token_id = n.token
          JOIN service.tokens t ON t.id = n.token
          LEFT JOIN LATERAL (SELECT sum(ku.amount) AS total FROM service.key_award_usage ku
                              WHERE ku.key_id = c.key_id AND ku.token_id = c.token_id
                                AND ku.created_at > now() - interval '24 hours') u ON true
         WHERE coalesce(u.total, 0) + n.need > c.daily
         ORDER BY t.id LIMIT 1;
        IF FOUND THEN
          status := 'CapReached';
        END IF;
      END IF;
      IF status IS NULL THEN
        SELECT a.status, a.existing_kind, a.existing_body INTO status, existing_kind, existing_body
          FROM service.award_tokens(p_projects[v_award], p_request_ids[v_award], p_canonical_bodies[v_award],
                                    p_customers[v_award], p_is_allowance[v_award], p_is_mintable[v_award],
                                    p_wallets[v_award], p_tokens[v_first:v_last], p_contracts[v_first:v_last],
                                    p_amounts[v_first:v_last]) AS a;
        IF v_capped[v_award] IS NOT NULL AND existing_kind IS NULL THEN
          SELECT a.id INTO STRICT v_award_id FROM service.awards a
           WHERE a.project_id = p_projects[v_award] AND a.request_id = p_request_ids[v_award]::uuid;
          INSERT INTO service.key_award_usage (key_id, token_id, award_id, amount)
          SELECT c.key_id, n.token, v_award_id, n.need
            FROM (SELECT x.token, sum(x.amount) AS need
                    FROM unnest(p_tokens[v_first:v_last], p_amounts[v_first:v_last]) AS x(token, amount)
                   GROUP BY x.token) n
            JOIN service.api_key_caps c ON c.key_id = v_capped[v_award] AND c.token_id = n.token;
        END IF;
      END IF;
    END IF;
    RETURN NEXT;
    v_first := v_last + 1;
    v_award := v_award + 1;
  END LOOP;
END
$$;
