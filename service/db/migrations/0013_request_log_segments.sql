-- The request log as segments (docs/service.md, "Request log"): one row per write of a batch per
-- project instead of one per call, so that logging costs the service's reads little
-- (docs/benchmarks.md). The calls are packed as JSON in "entries" and read through the view
-- service.request_log below, which has the columns the old table had.
CREATE TABLE "service"."request_log_segments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"entry_count" integer NOT NULL,
	"error_count" integer NOT NULL,
	"key_ids" integer[] NOT NULL,
	"statuses" integer[] NOT NULL,
	"methods" text[] NOT NULL,
	"routes" text[] NOT NULL,
	"customer_ids" text[] NOT NULL,
	"request_ids" text[] NOT NULL,
	"id_prefix" text DEFAULT '' NOT NULL,
	"entries" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "request_log_segments_project_idx" ON "service"."request_log_segments" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "request_log_segments_last_at_idx" ON "service"."request_log_segments" USING btree ("last_at");--> statement-breakpoint
CREATE INDEX "request_log_segments_request_ids_idx" ON "service"."request_log_segments" USING gin ("request_ids");--> statement-breakpoint
-- The packed entries are never compressed: they are written far more often than read, and
-- compressing them would cost the database's CPU on every write.
ALTER TABLE "service"."request_log_segments" ALTER COLUMN "entries" SET STORAGE EXTERNAL;--> statement-breakpoint
-- The entries of the old table, kept: each project's rows in segments of at most 1,000.
INSERT INTO "service"."request_log_segments" ("project_id", "first_at", "last_at", "entry_count", "error_count",
  "key_ids", "statuses", "methods", "routes", "customer_ids", "request_ids", "entries")
WITH "old" AS (
  SELECT l.*, l.id / 1000 AS bucket, min(l.at) OVER (PARTITION BY l.project_id, l.id / 1000) AS first_at,
         dense_rank() OVER (PARTITION BY l.project_id, l.id / 1000 ORDER BY l.method, l.route) AS pair
    FROM "service"."request_log" l
)
SELECT o.project_id, min(o.at), max(o.at), count(*), count(*) FILTER (WHERE o.status >= 400),
       array_agg(DISTINCT o.key_id), array_agg(DISTINCT o.status),
       (SELECT array_agg(p.method ORDER BY p.pair) FROM (SELECT DISTINCT i.pair, i.method FROM "old" i
          WHERE i.project_id = o.project_id AND i.bucket = o.bucket) p),
       (SELECT array_agg(p.route ORDER BY p.pair) FROM (SELECT DISTINCT i.pair, i.route FROM "old" i
          WHERE i.project_id = o.project_id AND i.bucket = o.bucket) p),
       coalesce(array_agg(DISTINCT o.customer_id) FILTER (WHERE o.customer_id IS NOT NULL), '{}'),
       coalesce(array_agg(DISTINCT o.request_id) FILTER (WHERE o.request_id IS NOT NULL), '{}'),
       json_agg(json_build_array(round(extract(epoch FROM o.at - o.first_at) * 1000)::int8, o.key_id,
         o.pair - 1, o.status, o.duration_us, o.customer_id, o.caller_request_id, o.error_code, o.error,
         o.request_id) ORDER BY o.id)::text
  FROM "old" o
 GROUP BY o.project_id, o.bucket
 ORDER BY min(o.id);--> statement-breakpoint
DROP TABLE "service"."request_log" CASCADE;--> statement-breakpoint
-- Every call as a row, with the columns of the old table and the id the extension shows: the
-- segment's id × 100,000 + the call's place in it (a write holds at most 20,000 calls, so ids
-- grow with every write, as the old ones did). Reads (service/domain/request-log.ts) pick
-- segments by their summary columns first; a condition on segment_id is applied before any
-- entry is decoded. An entry is [ms after first_at, key id, place of its (method, route) in
-- methods/routes, status, µs, CustomerID, caller's request id, ErrorCode, Error, RequestID, IP],
-- trailing nulls left out; the CustomerID and RequestID are either the text or their place in
-- customer_ids/request_ids (from 0), and the caller's id either the text or, for an id the
-- writing instance made, the counter that follows id_prefix (12 hex digits).
CREATE VIEW "service"."request_log" AS
SELECT s.id * 100000 + (e.n - 1) AS id, s.id AS segment_id, s.project_id,
       s.first_at + (e.v ->> 0)::int8 * interval '1 millisecond' AS at,
       (e.v ->> 1)::int AS key_id,
       s.methods[(e.v ->> 2)::int + 1] AS method,
       s.routes[(e.v ->> 2)::int + 1] AS route,
       (e.v ->> 3)::int AS status,
       (e.v ->> 4)::int AS duration_us,
       e.v ->> 7 AS error_code, e.v ->> 8 AS error,
       CASE jsonb_typeof(e.v -> 9) WHEN 'number' THEN s.request_ids[(e.v ->> 9)::int + 1] ELSE e.v ->> 9 END AS request_id,
       CASE jsonb_typeof(e.v -> 5) WHEN 'number' THEN s.customer_ids[(e.v ->> 5)::int + 1] ELSE e.v ->> 5 END AS customer_id,
       CASE jsonb_typeof(e.v -> 6) WHEN 'number' THEN s.id_prefix || lpad(to_hex((e.v ->> 6)::int8), 12, '0')
            ELSE e.v ->> 6 END AS caller_request_id,
       e.v ->> 10 AS ip
  FROM "service"."request_log_segments" s
 CROSS JOIN LATERAL jsonb_array_elements(s.entries::jsonb) WITH ORDINALITY AS e(v, n);
