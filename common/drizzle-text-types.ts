/**
 * The type OIDs drizzle-orm's PGlite session asks to keep as text, with every query it sends
 * (timestamp, timestamptz, interval, date and the arrays of those and of numeric). PGlite merges
 * per-query parsers into its own table of about 320 by copying it, about 0.2 ms of CPU per query
 * here, so the clients that serve drizzle install these once instead (service/db/connection.ts,
 * common/pglite-thread-worker.ts). Node runs this file as it is in the database's thread.
 */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
