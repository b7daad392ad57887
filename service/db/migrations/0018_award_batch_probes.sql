-- The run of new awards decided as a set (migration 0017), every lookup now a probe per award or
-- per line (a LATERAL subquery with LIMIT 1, or `= ANY` of the ids), so that no plan can read a
-- whole table: PL/pgSQL keeps a statement's generic plan for the connection's life, and one chosen
-- while the tables were small (a hash of every customer, award or account, found cheaper then)
-- would be kept as they grow — PGlite never analyzes, so nothing would replace it.
CREATE OR REPLACE FUNCTION "service"."award_tokens_set"(
  p_projects integer[], p_request_ids text[], p_canonical_bodies text[], p_customers text[],
  p_is_allowance boolean[], p_is_mintable boolean[], p_wallets text[], p_line_counts integer[],
  p_tokens integer[], p_contracts integer[], p_amounts numeric[]
) RETURNS TABLE (status text, existing_kind text, existing_body text)
LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_count integer := cardinality(p_request_ids);
  -- Per line: its award (1 .. v_count), its position in the award, its giving account (the
  -- outside world or the project wallet) and its receiving one (the allowance or the wallet).
  v_line_award integer[];
  v_position integer[];
  v_giver bigint[];
  v_receiver bigint[];
  -- Per award: its customer, its awards.id (NULL: another transaction took its RequestID first),
  -- its status, its queue position when it waits.
  v_customer integer[];
  v_award bigint[];
  v_status text[] := array_fill(NULL::text, ARRAY[v_count]);
  v_seq bigint[] := array_fill(NULL::bigint, ARRAY[v_count]);
  -- The customers this call created, the project wallet accounts and their balances as the
  -- awards before take from them, the contracts an award waits on.
  v_created integer[];
  v_wallets bigint[];
  v_balances numeric[];
  v_waiting integer[];
  v_index integer;
  v_line integer;
  v_first integer := 1;
  v_last integer;
  v_covered boolean;
BEGIN
  SELECT coalesce(array_agg(a.n ORDER BY a.n, g.i), '{}'), coalesce(array_agg(g.i - 1 ORDER BY a.n, g.i), '{}')
    INTO v_line_award, v_position
    FROM unnest(p_line_counts) WITH ORDINALITY AS a(lines, n), generate_series(1, a.lines) AS g(i);

  -- The customers, those missing created in the order of the awards. When another transaction is
  -- creating one, the insert waits for that one and does nothing; the next statement sees its row.
  WITH made AS (
    INSERT INTO service.customers (project_id, customer_id)
    SELECT x.project, x.customer
      FROM (SELECT DISTINCT ON (x.project, x.customer) x.project, x.customer, x.n
              FROM unnest(p_projects, p_customers) WITH ORDINALITY AS x(project, customer, n)
             ORDER BY x.project, x.customer, x.n) x
      LEFT JOIN LATERAL (SELECT c.id FROM service.customers c
                          WHERE c.project_id = x.project AND c.customer_id = x.customer LIMIT 1) c ON true
     WHERE c.id IS NULL
     ORDER BY x.n
    ON CONFLICT (project_id, customer_id) DO NOTHING
    RETURNING id)
  SELECT coalesce(array_agg(made.id), '{}') INTO v_created FROM made;
  SELECT array_agg(c.id ORDER BY x.n) INTO v_customer
    FROM unnest(p_projects, p_customers) WITH ORDINALITY AS x(project, customer, n)
    JOIN LATERAL (SELECT c.id FROM service.customers c
                   WHERE c.project_id = x.project AND c.customer_id = x.customer LIMIT 1) c ON true;
  IF cardinality(v_customer) IS DISTINCT FROM v_count THEN
    RAISE EXCEPTION 'award_tokens_set: a customer of the batch cannot be found';
  END IF;

  -- The RequestID gate, stored as Completed; an award that must wait is changed to Queued below,
  -- before anyone can see it. The batch passes only RequestIDs it found free, once each; one
  -- another transaction took meanwhile is answered as a repeat of that one.
  WITH made AS (
    INSERT INTO service.awards (project_id, request_id, request_id_text, kind, canonical_body, customer_id,
                                customer_text, is_allowance, is_mintable, wallet, status, completed_at)
    SELECT x.project, x.request_id::uuid, x.request_id, 'award', x.body, v_customer[x.n], x.customer,
           x.allowance, x.mintable, x.wallet, 'Completed', now()
      FROM unnest(p_projects, p_request_ids, p_canonical_bodies, p_customers, p_is_allowance, p_is_mintable,
                  p_wallets) WITH ORDINALITY AS x(project, request_id, body, customer, allowance, mintable, wallet, n)
     ORDER BY x.n
    ON CONFLICT (project_id, request_id) DO NOTHING
    RETURNING id, project_id, request_id)
  SELECT array_agg(made.id ORDER BY x.n) INTO v_award
    FROM unnest(p_projects, p_request_ids) WITH ORDINALITY AS x(project, request_id, n)
    LEFT JOIN made ON made.project_id = x.project AND made.request_id = x.request_id::uuid;
  IF array_position(v_award, NULL) IS NOT NULL THEN
    -- A repeated request changes nothing: not even the customer it named.
    DELETE FROM service.customers c
     WHERE c.id = ANY (ARRAY(SELECT x.id FROM unnest(v_created) AS x(id)
                              LEFT JOIN LATERAL (SELECT a.id FROM service.awards a
                                                  WHERE a.customer_id = x.id LIMIT 1) a ON true
                             WHERE a.id IS NULL));
  END IF;

  -- The accounts of every line, created when missing in the order of the lines (the giving
  -- account, then the receiving one), as service.ledger_account would one by one.
  INSERT INTO service.accounts (project_id, contract_id, kind, customer_id, wallet)
  SELECT y.project, y.contract, y.kind, y.customer, y.wallet
    FROM (SELECT l.k, 1 AS leg, p_projects[l.a] AS project, l.contract,
                 CASE WHEN p_is_allowance[l.a] THEN 'world' ELSE 'project' END AS kind,
                 NULL::integer AS customer, '' AS wallet
            FROM unnest(v_line_award, p_contracts) WITH ORDINALITY AS l(a, contract, k)
            LEFT JOIN LATERAL (SELECT s.id FROM service.accounts s
                                WHERE s.contract_id = l.contract AND s.customer_id IS NULL AND s.wallet = ''
                                  AND s.kind = CASE WHEN p_is_allowance[l.a] THEN 'world' ELSE 'project' END
                                LIMIT 1) s ON true
           WHERE v_award[l.a] IS NOT NULL AND s.id IS NULL
          UNION ALL
          SELECT l.k, 2, p_projects[l.a], l.contract,
                 CASE WHEN p_is_allowance[l.a] THEN 'allowance' ELSE 'wallet' END,
                 v_customer[l.a], CASE WHEN p_is_allowance[l.a] THEN '' ELSE p_wallets[l.a] END
            FROM unnest(v_line_award, p_contracts) WITH ORDINALITY AS l(a, contract, k)
            LEFT JOIN LATERAL (SELECT s.id FROM service.accounts s
                                WHERE s.contract_id = l.contract AND s.customer_id = v_customer[l.a]
                                  AND s.kind = CASE WHEN p_is_allowance[l.a] THEN 'allowance' ELSE 'wallet' END
                                  AND s.wallet = CASE WHEN p_is_allowance[l.a] THEN '' ELSE p_wallets[l.a] END
                                LIMIT 1) s ON true
           WHERE v_award[l.a] IS NOT NULL AND s.id IS NULL) y
   ORDER BY y.k, y.leg
  ON CONFLICT ON CONSTRAINT accounts_owner_key DO NOTHING;
  SELECT array_agg(g.id ORDER BY l.k), array_agg(r.id ORDER BY l.k) INTO v_giver, v_receiver
    FROM unnest(v_line_award, p_contracts) WITH ORDINALITY AS l(a, contract, k)
    LEFT JOIN LATERAL (SELECT g.id FROM service.accounts g
                        WHERE v_award[l.a] IS NOT NULL AND g.contract_id = l.contract AND g.customer_id IS NULL
                          AND g.wallet = '' AND g.kind = CASE WHEN p_is_allowance[l.a] THEN 'world' ELSE 'project' END
                        LIMIT 1) g ON true
    LEFT JOIN LATERAL (SELECT r.id FROM service.accounts r
                        WHERE v_award[l.a] IS NOT NULL AND r.contract_id = l.contract AND r.customer_id = v_customer[l.a]
                          AND r.kind = CASE WHEN p_is_allowance[l.a] THEN 'allowance' ELSE 'wallet' END
                          AND r.wallet = CASE WHEN p_is_allowance[l.a] THEN '' ELSE p_wallets[l.a] END
                        LIMIT 1) r ON true;

  -- The giving accounts locked in id order (the batch holds those that existed already); the
  -- project wallets' balances read under those locks. Under the locks, in a new snapshot: the
  -- contracts an earlier award waits on (one index probe per contract).
  PERFORM 1 FROM service.accounts a WHERE a.id = ANY (v_giver) ORDER BY a.id FOR UPDATE;
  SELECT coalesce(array_agg(a.id), '{}'), coalesce(array_agg(a.balance), '{}') INTO v_wallets, v_balances
    FROM service.accounts a WHERE a.id = ANY (v_giver) AND a.kind = 'project';
  SELECT coalesce(array_agg(c.contract), '{}') INTO v_waiting
    FROM (SELECT DISTINCT l.contract FROM unnest(v_line_award, p_contracts) AS l(a, contract)
           WHERE v_award[l.a] IS NOT NULL AND NOT p_is_allowance[l.a]) c
    JOIN LATERAL (SELECT 1 FROM service.award_lines w
                   WHERE w.contract_id = c.contract AND w.queue_seq IS NOT NULL LIMIT 1) w ON true;

  -- Each award in turn, as service.award_tokens decides one: an allowance at once; a direct
  -- award paid when every line is covered by what the awards before it left and nothing waits on
  -- its contracts, else queued — and then every later award on its contracts waits behind it.
  FOR v_index IN 1 .. v_count LOOP
    v_last := v_first + p_line_counts[v_index] - 1;
    IF v_award[v_index] IS NULL THEN
      NULL;
    ELSIF p_is_allowance[v_index] THEN
      v_status[v_index] := 'Completed';
    ELSE
      v_covered := true;
      FOR v_line IN v_first .. v_last LOOP
        IF p_contracts[v_line] = ANY (v_waiting)
           OR coalesce(v_balances[array_position(v_wallets, v_giver[v_line])], 0) < p_amounts[v_line] THEN
          v_covered := false;
        END IF;
      END LOOP;
      IF v_covered THEN
        FOR v_line IN v_first .. v_last LOOP
          v_balances[array_position(v_wallets, v_giver[v_line])] :=
            v_balances[array_position(v_wallets, v_giver[v_line])] - p_amounts[v_line];
        END LOOP;
        v_status[v_index] := 'Completed';
      ELSE
        v_seq[v_index] := nextval('service.queue_seq');
        v_waiting := v_waiting || p_contracts[v_first:v_last];
        v_status[v_index] := 'Queued';
      END IF;
    END IF;
    v_first := v_last + 1;
  END LOOP;

  IF array_position(v_status, 'Queued') IS NOT NULL THEN
    UPDATE service.awards a
       SET status = 'Queued', completed_at = NULL, queue_seq = q.seq
      FROM unnest(v_award, v_seq) AS q(id, seq)
     WHERE q.seq IS NOT NULL AND a.id = q.id;
  END IF;
  INSERT INTO service.award_lines (award_id, position, token_id, contract_id, amount, queue_seq)
  SELECT v_award[l.a], v_position[l.k], l.token, l.contract, l.amount, v_seq[l.a]
    FROM unnest(v_line_award, p_tokens, p_contracts, p_amounts) WITH ORDINALITY AS l(a, token, contract, amount, k)
   WHERE v_award[l.a] IS NOT NULL
   ORDER BY l.k;

  -- The ledger, as service.post_accounts posts one award: a transaction per paid award, its
  -- postings in the order of its legs, and the balances they change, the receiving accounts
  -- locked in id order first.
  WITH made AS (
    INSERT INTO service.ledger_transactions (project_id, kind, award_id)
    SELECT p_projects[x.n], 'award', v_award[x.n]
      FROM generate_subscripts(v_status, 1) AS x(n)
     WHERE v_status[x.n] = 'Completed'
     ORDER BY x.n
    RETURNING id, award_id)
  INSERT INTO service.postings (transaction_id, account_id, amount)
  SELECT made.id, y.account, y.amount
    FROM (SELECT l.k, 1 AS leg, l.a, v_giver[l.k] AS account, -l.amount AS amount
            FROM unnest(v_line_award, p_amounts) WITH ORDINALITY AS l(a, amount, k)
          UNION ALL
          SELECT l.k, 2, l.a, v_receiver[l.k], l.amount
            FROM unnest(v_line_award, p_amounts) WITH ORDINALITY AS l(a, amount, k)) y
    JOIN made ON made.award_id = v_award[y.a]
   ORDER BY y.k, y.leg;
  PERFORM 1 FROM service.accounts a
   WHERE a.id = ANY (ARRAY(SELECT v_receiver[l.k] FROM unnest(v_line_award) WITH ORDINALITY AS l(a, k)
                            WHERE v_status[l.a] = 'Completed'))
   ORDER BY a.id FOR UPDATE;
  UPDATE service.accounts a
     SET balance = a.balance + d.amount
    FROM (SELECT y.account, sum(y.amount) AS amount
            FROM (SELECT v_giver[l.k] AS account, -l.amount AS amount
                    FROM unnest(v_line_award, p_amounts) WITH ORDINALITY AS l(a, amount, k)
                   WHERE v_status[l.a] = 'Completed'
                  UNION ALL
                  SELECT v_receiver[l.k], l.amount
                    FROM unnest(v_line_award, p_amounts) WITH ORDINALITY AS l(a, amount, k)
                   WHERE v_status[l.a] = 'Completed') y
           GROUP BY y.account) d
   WHERE a.id = d.account AND a.id = ANY (v_giver || v_receiver);

  FOR v_index IN 1 .. v_count LOOP
    IF v_award[v_index] IS NULL THEN
      SELECT a.status, a.kind, a.canonical_body INTO STRICT status, existing_kind, existing_body
        FROM service.awards a
       WHERE a.project_id = p_projects[v_index] AND a.request_id = p_request_ids[v_index]::uuid;
    ELSE
      status := v_status[v_index];
      existing_kind := NULL;
      existing_body := NULL;
    END IF;
    RETURN NEXT;
  END LOOP;
END
$$;
--> statement-breakpoint
-- The award batch, as migration 0017, with its "RequestID free?" check a probe per award (see
-- service.award_tokens_set in this migration, for why).
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
