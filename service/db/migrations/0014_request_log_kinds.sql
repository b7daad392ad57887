-- The request log's entries, shorter (docs/service.md, "Request log"): a call's key id, method,
-- route and status together are its kind, kept once per segment — key_ids, statuses, methods and
-- routes become the segment's kinds, each entry naming one by its place — and an entry's time and
-- the counter of a request id the service made are each kept as the difference from the entry
-- before. A read answered from memory takes about 15 characters instead of 26, and what a write
-- hands to the database shrinks with it (docs/benchmarks.md). An entry is now [ms after the entry
-- before (the first: after first_at), kind, µs, CustomerID, caller's request id, ErrorCode, Error,
-- RequestID, IP], trailing nulls left out; the CustomerID and RequestID are either the text or
-- their place in customer_ids/request_ids (from 0), and the caller's id either the text or, for an
-- id the writing instance made, its counter (the 12 hex digits after id_prefix) less the counter
-- of the last such entry before it (the first: the counter).
--
-- The segments written before are rewritten in the new layout; each call keeps its id and every
-- column (service/db/request-log-migration.db.test.ts).
WITH "e" AS (
  SELECT s.id, x.n, x.v, (x.v ->> 0)::int8 AS ms, (x.v ->> 1)::int AS key_id, (x.v ->> 2)::int AS pair,
         (x.v ->> 3)::int AS status,
         CASE jsonb_typeof(x.v -> 6) WHEN 'number' THEN (x.v ->> 6)::int8 END AS counter
    FROM "service"."request_log_segments" s
   CROSS JOIN LATERAL jsonb_array_elements(s.entries::jsonb) WITH ORDINALITY AS x(v, n)
), "kinds" AS (
  SELECT e.*, dense_rank() OVER (PARTITION BY e.id ORDER BY e.key_id, e.status, e.pair) - 1 AS kind,
         e.ms - coalesce(lag(e.ms) OVER (PARTITION BY e.id ORDER BY e.n), 0) AS after_before
    FROM "e"
), "counters" AS (
  SELECT e.id, e.n, e.counter - coalesce(lag(e.counter) OVER (PARTITION BY e.id ORDER BY e.n), 0) AS step
    FROM "e" WHERE e.counter IS NOT NULL
), "packed" AS (
  SELECT k.id,
         '[' || string_agg((jsonb_build_array(k.after_before, k.kind, k.v -> 4, k.v -> 5, coalesce(to_jsonb(c.step), k.v -> 6))
                            || jsonb_path_query_array(k.v, '$[7 to last]'))::text, ',' ORDER BY k.n) || ']' AS entries
    FROM "kinds" k LEFT JOIN "counters" c ON c.id = k.id AND c.n = k.n
   GROUP BY k.id
), "shapes" AS (
  SELECT d.id, array_agg(d.key_id ORDER BY d.kind) AS key_ids, array_agg(d.status ORDER BY d.kind) AS statuses,
         array_agg(s.methods[d.pair + 1] ORDER BY d.kind) AS methods,
         array_agg(s.routes[d.pair + 1] ORDER BY d.kind) AS routes
    FROM (SELECT DISTINCT k.id, k.kind, k.key_id, k.status, k.pair FROM "kinds" k) d
    JOIN "service"."request_log_segments" s ON s.id = d.id
   GROUP BY d.id
)
UPDATE "service"."request_log_segments" s
   SET entries = p.entries, key_ids = h.key_ids, statuses = h.statuses, methods = h.methods, routes = h.routes
  FROM "packed" p JOIN "shapes" h ON h.id = p.id
 WHERE s.id = p.id;--> statement-breakpoint
DROP VIEW "service"."request_log";--> statement-breakpoint
-- Every call as a row, with the columns of the old table and the id the extension shows: the
-- segment's id × 100,000 + the call's place in it. Reads (service/domain/request-log.ts) pick
-- segments by their summary columns first; a condition on segment_id is applied before any entry
-- is decoded. The running sums run within one segment's entries, in their order; a segment's
-- CustomerIDs and RequestIDs are read once and joined to its entries (a subscript per entry would
-- read the whole array again for each).
CREATE VIEW "service"."request_log" AS
SELECT s.id * 100000 + (e.n - 1) AS id, s.id AS segment_id, s.project_id,
       s.first_at + e.ms * interval '1 millisecond' AS at,
       s.key_ids[e.kind + 1] AS key_id,
       s.methods[e.kind + 1] AS method,
       s.routes[e.kind + 1] AS route,
       s.statuses[e.kind + 1] AS status,
       (e.v ->> 2)::int AS duration_us,
       e.v ->> 5 AS error_code, e.v ->> 6 AS error,
       CASE jsonb_typeof(e.v -> 7) WHEN 'number' THEN e.request_id ELSE e.v ->> 7 END AS request_id,
       CASE jsonb_typeof(e.v -> 3) WHEN 'number' THEN e.customer_id ELSE e.v ->> 3 END AS customer_id,
       CASE jsonb_typeof(e.v -> 4) WHEN 'number' THEN s.id_prefix || lpad(to_hex(e.counter::int8), 12, '0')
            ELSE e.v ->> 4 END AS caller_request_id,
       e.v ->> 8 AS ip
  FROM "service"."request_log_segments" s
 CROSS JOIN LATERAL (
   SELECT d.v, d.n, d.ms, d.counter, (d.v ->> 1)::int AS kind, c.value AS customer_id, r.value AS request_id
     FROM (SELECT x.v, x.n,
                  sum((x.v ->> 0)::int8) OVER w AS ms,
                  sum(CASE jsonb_typeof(x.v -> 4) WHEN 'number' THEN (x.v ->> 4)::int8 ELSE 0 END) OVER w AS counter
             FROM jsonb_array_elements(s.entries::jsonb) WITH ORDINALITY AS x(v, n)
           WINDOW w AS (ORDER BY x.n ROWS UNBOUNDED PRECEDING)) d
     LEFT JOIN unnest(s.customer_ids) WITH ORDINALITY AS c(value, place)
            ON c.place = CASE jsonb_typeof(d.v -> 3) WHEN 'number' THEN (d.v ->> 3)::int8 + 1 END
     LEFT JOIN unnest(s.request_ids) WITH ORDINALITY AS r(value, place)
            ON r.place = CASE jsonb_typeof(d.v -> 7) WHEN 'number' THEN (d.v ->> 7)::int8 + 1 END
 ) e;
