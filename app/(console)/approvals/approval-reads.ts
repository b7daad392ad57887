import "server-only";
import type { ApprovalRow } from "@/components/approvals/approval-columns";
import type { BatchRequestRow } from "@/components/approvals/batch-rows-table";
import {
  type ApprovalSubject,
  awardMode,
  standing,
  subjectText,
  totalText,
} from "@/lib/approvals/approval-view";
import {
  type ApprovalListRow,
  type ApprovalRecord,
  findApproval,
  listApprovals,
} from "@/lib/approvals/approvals";
import { type AwardRecord, findAwardById } from "@/lib/awards/trail";
import { type BatchRecord, batchRows, findBatch } from "@/lib/bulk/batch-store";
import { connectionNames } from "@/lib/connections/connections";
import type { ConsoleDb } from "@/lib/db/connection";
import { consoleDb } from "@/lib/db/console-db";
import { consoleEnv } from "@/lib/env";

/**
 * What the Approvals pages read (docs/console.md, "Approvals"): the console's database only — a
 * request carries its totals and token symbols, so nothing here waits on a service — and nothing
 * is written. Requests of every project are listed: an approver decides for any project they
 * can reach, each named by its connection.
 */

/** Rows of a batch its request's page shows; the results file has them all. */
export const BATCH_ROWS_SHOWN = 200;
const DECIDED_SHOWN = 25;

function listSubject(row: ApprovalListRow): ApprovalSubject {
  return row.awardId !== null
    ? { kind: "award", customerId: row.customerId ?? "" }
    : {
        kind: "batch",
        fileName: row.fileName ?? row.summary.batch?.fileName ?? "",
        rows: row.rowCount ?? row.summary.batch?.rows ?? 0,
      };
}

function listRow(row: ApprovalListRow, project: (ref: string) => string, now: Date): ApprovalRow {
  return {
    id: row.id,
    subject: subjectText(listSubject(row)),
    project: project(row.connection),
    totals: row.summary.totals.map(totalText),
    requestedBy: row.requesterEmail,
    requestedAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    status: standing(row, now),
    decidedBy: row.decidedByEmail,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    note: row.note,
  };
}

/** The Approvals page's three lists for this person. */
export async function readApprovalLists(
  userId: number,
): Promise<{ waiting: ApprovalRow[]; mine: ApprovalRow[]; decided: ApprovalRow[] }> {
  const db = await consoleDb();
  const now = new Date();
  const [waiting, mine, decided, project] = await Promise.all([
    listApprovals(db, userId, "waiting-for-me"),
    listApprovals(db, userId, "mine"),
    listApprovals(db, userId, "decided", DECIDED_SHOWN),
    connectionNames(db, consoleEnv()),
  ]);
  const rows = (list: ApprovalListRow[]) => list.map((row) => listRow(row, project, now));
  return {
    waiting: rows(waiting),
    // Past its time, one's own request can no longer be decided: it joins the decided ones
    // once the job marks it expired.
    mine: rows(mine.filter((row) => standing(row, now) === "waiting")),
    decided: rows(decided),
  };
}

export interface ApprovalDetail {
  request: ApprovalRecord;
  /** The name of the connection it goes through. */
  project: string;
  /** Token GUID (lower case) → symbol, as the request recorded them. */
  symbols: Map<string, string>;
  award: AwardRecord | null;
  batch: BatchRecord | null;
  /** The batch's first rows in file order, one per token line. */
  batchRows: BatchRequestRow[];
}

async function firstBatchRows(
  db: ConsoleDb,
  batchId: number,
  symbols: Map<string, string>,
): Promise<BatchRequestRow[]> {
  return (await batchRows(db, batchId, BATCH_ROWS_SHOWN)).flatMap((row) =>
    row.lines.map((line) => ({
      line: row.batchLine ?? 0,
      customerId: row.customerId,
      token: symbols.get(line.Guid.toLowerCase()) ?? line.Guid,
      contract: line.ContractGuid,
      amount: line.Amount,
      mode: row.isAllowance ? awardMode(row) : "Direct",
      wallet: row.isAllowance ? "" : row.wallet,
    })),
  );
}

/** One request with the award or batch it would send, or null when there is no such request. */
export async function readApprovalDetail(id: number): Promise<ApprovalDetail | null> {
  const db = await consoleDb();
  const request = await findApproval(db, id);
  if (!request) return null;
  const symbols = new Map(
    request.summary.totals.map((total) => [total.tokenGuid.toLowerCase(), total.symbol]),
  );
  const [project, award, batch, batchRows] = await Promise.all([
    connectionNames(db, consoleEnv()),
    request.awardId !== null ? findAwardById(db, request.awardId) : null,
    request.batchId !== null ? findBatch(db, request.batchId) : null,
    request.batchId !== null ? firstBatchRows(db, request.batchId, symbols) : [],
  ]);
  return { request, project: project(request.connection), symbols, award, batch, batchRows };
}
