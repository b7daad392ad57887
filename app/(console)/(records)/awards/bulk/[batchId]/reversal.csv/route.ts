import { defineCsvExport } from "@/lib/api/define-csv-export";
import { readBatchReversalResults } from "@/lib/bulk/page-reads";
import { UserFacingError } from "@/lib/model/user-facing-error";

export const dynamic = "force-dynamic";

/** A batch reversal's results: every row with its ReversalID and what came of it (docs/console.md, "Reversals"). */
export const GET = defineCsvExport<{ batchId: string }>("awards:read", async ({ params }) => {
  const results = await readBatchReversalResults(Number(params.batchId));
  if (!results) throw new UserFacingError(`There is no batch ${params.batchId}.`, { status: 404 });
  const { batch, rows } = results;
  return {
    name: `${batch.fileName.replace(/\.csv$/i, "").replace(/[^\w.-]+/g, "_")}-reversal`,
    header: ["line", "customer_id", "request_id", "reversal_id", "status", "state", "taken", "error"],
    rows: rows.map(({ reversal, requestId, customerId }) => [
      String(reversal.batchLine ?? ""),
      customerId,
      requestId,
      reversal.reversalId,
      reversal.status,
      reversal.outcome?.state ?? "",
      (reversal.outcome?.taken ?? []).map((line) => `${line.Amount} ${line.Guid}`).join(" + "),
      reversal.error,
    ]),
  };
});
