import "server-only";
import { consoleDb } from "@/lib/db/console-db";
import { type AuditFilter, type AuditRow, readAuditPage } from "./audit-log";

/**
 * A page of the audit log for the Audit log page (docs/console.md, "Audit log"), newest first.
 * It opens the running console's database itself: pages never handle it (docs/architecture.md,
 * `app-never-imports-database`).
 */
export async function readAuditLog(
  filter: AuditFilter,
  page: { before?: number; limit: number },
): Promise<{ rows: AuditRow[]; nextBefore: number | null }> {
  return readAuditPage(await consoleDb(), filter, page);
}
