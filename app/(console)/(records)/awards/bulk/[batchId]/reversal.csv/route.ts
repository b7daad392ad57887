import { authorize } from "@/lib/auth/current-user";
import { readBatchReversalResults } from "@/lib/bulk/page-reads";
import { csvLine } from "@/lib/model/csv-out";

export const dynamic = "force-dynamic";

const HEADER = ["line", "customer_id", "request_id", "reversal_id", "status", "state", "taken", "error"];

/** A batch reversal's results: every row with its ReversalID and outcome (guarded like a page). */
export async function GET(
  _request: Request,
  { params }: RouteContext<"/awards/bulk/[batchId]/reversal.csv">,
) {
  const access = await authorize("awards:read");
  if (!access.ok)
    return new Response(`${access.message}\n`, {
      status: access.reason === "signed-out" ? 401 : 403,
      headers: { "content-type": "text/plain" },
    });
  const results = await readBatchReversalResults(Number((await params).batchId));
  if (!results)
    return new Response("No such batch.\n", { status: 404, headers: { "content-type": "text/plain" } });
  const { batch, rows } = results;
  const body =
    csvLine(HEADER) +
    rows
      .map(({ reversal, requestId, customerId }) =>
        csvLine([
          String(reversal.batchLine ?? ""),
          customerId,
          requestId,
          reversal.reversalId,
          reversal.status,
          reversal.outcome?.state ?? "",
          (reversal.outcome?.taken ?? []).map((line) => `${line.Amount} ${line.Guid}`).join(" + "),
          reversal.error,
        ]),
      )
      .join("");
  const name = `${batch.fileName.replace(/\.csv$/i, "").replace(/[^\w.-]+/g, "_")}-reversal.csv`;
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "no-store",
    },
  });
}
