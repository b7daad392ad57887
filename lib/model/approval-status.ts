/**
 * Where a four-eyes request stands (docs/console.md, "Approvals"). Plain values with no imports:
 * the database schema, the server and the browser read them.
 */
export const APPROVAL_STATUSES = ["waiting", "approved", "rejected", "withdrawn", "expired"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
