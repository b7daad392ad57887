-- The request log's segments are stored uncompressed (docs/benchmarks.md, "the request log's
-- cost"): PostgreSQL compresses a long text by default (pglz), and for a segment's entries —
-- digits and commas, about 75 KB per 5,000 calls — that cost about a quarter of a write's work in
-- PGlite and 40 % of PostgreSQL's, to save about a third of the bytes. EXTERNAL keeps a long value
-- out of line as before, uncompressed. Segments written before stay as they are.
ALTER TABLE "service"."request_log_segments" ALTER COLUMN "entries" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "service"."request_log_segments" ALTER COLUMN "customer_ids" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "service"."request_log_segments" ALTER COLUMN "request_ids" SET STORAGE EXTERNAL;
