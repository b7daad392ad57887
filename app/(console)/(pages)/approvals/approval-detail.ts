import "server-only";
import { awardMode, type BatchRequestRow } from "@/lib/approvals/approval-view";
import type { ApprovalRecord } from "@/lib/approvals/approvals";
import { readApprovalRequest } from "@/lib/approvals/page-reads";
import type { ReversalRecord } from "@/lib/awards/lifecycle/reversals";
import { readAwardById, readReversalById } from "@/lib/awards/page-reads";
import type { AwardRecord } from "@/lib/awards/trail";
import type { BatchRecord } from "@/lib/bulk/batch-store";
import { readBatch, readBatchReversalById, readBatchRows } from "@/lib/bulk/page-reads";
import type { BatchReversalProgress } from "@/lib/model/reversal-status";

/**
 * One four-eyes request's page (docs/console.md, "Approvals"): the request with the award or the
 * batch it would send. It joins what the approvals, awards and bulk features read, each above
 * the one before (docs/architecture.md), so it sits with the page. Reads only.
 */

/** Rows of a batch its request's page shows; the results file has them all. */
export const BATCH_ROWS_SHOWN = 200;

export interface ApprovalDetail {
  request: ApprovalRecord;
  /** The name of the connection it goes through. */
  project: string;
  /** Token GUID (lower case) → symbol, as the request recorded them. */
  symbols: Map<string, string>;
  award: AwardRecord | null;
  /** A reversal's request: the reversal, and the award it takes back from. */
  reversal: { record: ReversalRecord; award: AwardRecord } | null;
  /** A batch reversal's request: it, and the batch it takes back from. */
  batchReversal: { record: BatchReversalProgress; batch: BatchRecord } | null;
  batch: BatchRecord | null;
  /** The batch's first rows in file order, one per token line. */
  batchRows: BatchRequestRow[];
}

async function firstBatchRows(batchId: number, symbols: Map<string, string>): Promise<BatchRequestRow[]> {
  return (await readBatchRows(batchId, BATCH_ROWS_SHOWN)).flatMap((row) =>
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
  const found = await readApprovalRequest(id);
  if (!found) return null;
  const { request, project } = found;
  const symbols = new Map(
    request.summary.totals.map((total) => [total.tokenGuid.toLowerCase(), total.symbol]),
  );
  const [award, reversal, batchReversal, batch, batchRows] = await Promise.all([
    request.awardId !== null ? readAwardById(request.awardId) : null,
    request.reversalId !== null ? readReversalById(request.reversalId) : null,
    request.batchReversalId !== null ? readBatchReversalById(request.batchReversalId) : null,
    request.batchId !== null ? readBatch(request.batchId) : null,
    request.batchId !== null ? firstBatchRows(request.batchId, symbols) : [],
  ]);
  return { request, project, symbols, award, reversal, batchReversal, batch, batchRows };
}
