import "server-only";
import type { ConsoleDb } from "@/lib/db/connection";
import { csvLine } from "@/lib/model/csv-out";
import { type AuditFilter, type AuditRow, auditRowsInOrder } from "./audit-log";

/**
 * The audit log's exports (docs/console.md, "Audit log"): CSV for spreadsheets — every cell made
 * formula-safe by csvLine — and JSON Lines for tools, one row per line with its chain hashes, so a
 * copy can be verified elsewhere. Both stream: the log is read in chunks while the file goes out.
 */
const CSV_HEADER = [
  "id",
  "at",
  "actor",
  "kind",
  "project",
  "client",
  "user_agent",
  "summary",
  "detail",
  "prev_hash",
  "hash",
];

const plain = (row: AuditRow) => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: row.actorEmail,
  actorId: row.actorId,
  kind: row.kind,
  project: row.project,
  client: row.client,
  userAgent: row.userAgent,
  summary: row.summary,
  detail: row.detail,
  prevHash: row.prevHash,
  hash: row.hash,
});

export type AuditExportFormat = "csv" | "jsonl";

export function auditExport(
  db: ConsoleDb,
  filter: AuditFilter,
  format: AuditExportFormat,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const rows = auditRowsInOrder(db, filter);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started && format === "csv") controller.enqueue(encoder.encode(csvLine(CSV_HEADER)));
      started = true;
      const next = await rows.next();
      if (next.done) {
        controller.close();
        return;
      }
      const row = plain(next.value);
      controller.enqueue(
        encoder.encode(
          format === "jsonl"
            ? `${JSON.stringify(row)}\n`
            : csvLine([
                String(row.id),
                row.at,
                row.actor,
                row.kind,
                row.project,
                row.client,
                row.userAgent,
                row.summary,
                JSON.stringify(row.detail),
                row.prevHash,
                row.hash,
              ]),
        ),
      );
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
}
