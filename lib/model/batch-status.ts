/**
 * Where a bulk batch stands (docs/console.md, "Bulk awards"). Plain values with no imports: the
 * database schema, the server and the browser's progress read them. A batch over a threshold waits
 * whole for approval, then sends and is done; or it is stopped whole and never sent.
 */
export const BATCH_STATUSES = [
  "awaiting-approval",
  "sending",
  "done",
  "rejected",
  "withdrawn",
  "expired",
] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
