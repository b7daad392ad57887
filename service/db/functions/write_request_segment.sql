-- service.write_request_segment as the newest migration that defines it left it:
-- service/db/migrations/0016_request_log_write_function.sql. The migrations are what runs; this
-- file is for reading. A change to the function is a new migration AND this file (docs/service.md,
-- "SQL functions"); service/db/functions.test.ts fails when the two differ.
--
-- The migration's note:
-- A request log write as one function call (docs/service.md, "Request log"): the service passed
-- the segment's INSERT and the keys' UPDATE as one statement, which PostgreSQL parsed and planned
-- anew for every write — about a millisecond of PGlite's work each time, as much as writing 2,000
-- calls. A PL/pgSQL function keeps its statements' plans for the connection's life.
--
-- One call per segment (a project's calls of a batch): the row, and each of its keys'
-- last_used_at moved forward to the key's latest call among the segment's kinds (never back:
-- another instance may have written a later one). Only last_used_at is set, so the keys' change
-- trigger (migration 0012) stays quiet. The write never waits for the disk (synchronous_commit
-- off for its transaction alone): a crash loses the entries still in memory anyway.
CREATE FUNCTION "service"."write_request_segment"(
  p_project_id integer, p_first_ms bigint, p_last_ms bigint, p_entry_count integer, p_error_count integer,
  p_key_ids integer[], p_statuses integer[], p_methods text[], p_routes text[],
  p_customer_ids text[], p_request_ids text[], p_id_prefix text, p_entries text, p_kind_last_ms bigint[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  INSERT INTO "service"."request_log_segments" (project_id, first_at, last_at, entry_count, error_count,
              key_ids, statuses, methods, routes, customer_ids, request_ids, id_prefix, entries)
  VALUES (p_project_id, timestamptz 'epoch' + p_first_ms * interval '1 millisecond',
          timestamptz 'epoch' + p_last_ms * interval '1 millisecond', p_entry_count, p_error_count,
          p_key_ids, p_statuses, p_methods, p_routes, p_customer_ids, p_request_ids, p_id_prefix, p_entries);
  -- Key rows in id order, so that two instances' writes never wait for each other in a cycle.
  UPDATE "service"."api_keys" k
     SET last_used_at = u.at
    FROM (SELECT y.id, timestamptz 'epoch' + max(y.ms) * interval '1 millisecond' AS at
            FROM unnest(p_key_ids, p_kind_last_ms) AS y(id, ms)
           GROUP BY y.id
           ORDER BY y.id) u
   WHERE k.id = u.id AND (k.last_used_at IS NULL OR k.last_used_at < u.at);
END
$$;
