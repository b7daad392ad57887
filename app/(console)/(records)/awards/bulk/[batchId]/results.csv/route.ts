import { authorize } from "@/lib/auth/current-user";
import { readBatchResults } from "@/lib/bulk/page-reads";
import { csvLine } from "@/lib/model/csv-out";

export const dynamic = "force-dynamic";

const HEADER = [
  "line",
  "customer_id",
  "token",
  "contract",
  "amount",
  "mode",
  "wallet",
  "mintable",
  "request_id",
  "status",
  "error",
];

/** A batch's results: every row with its RequestID and outcome (guarded like a page). */
export async function GET(_request: Request, { params }: RouteContext<"/awards/bulk/[batchId]/results.csv">) {
  const access = await authorize("awards:read");
  if (!access.ok)
    return new Response(`${access.message}\n`, {
      status: access.reason === "signed-out" ? 401 : 403,
      headers: { "content-type": "text/plain" },
    });
  const results = await readBatchResults(Number((await params).batchId));
  if (!results)
    return new Response("No such batch.\n", { status: 404, headers: { "content-type": "text/plain" } });
  const { batch, rows } = results;
  const body =
    csvLine(HEADER) +
    rows
      .map((row) => {
        const [line] = row.lines;
        return csvLine([
          String(row.batchLine ?? ""),
          row.customerId,
          line?.Guid ?? "",
          line?.ContractGuid ?? "",
          line?.Amount ?? "",
          row.isAllowance ? "allowance" : "direct",
          row.wallet,
          row.isMintable ? "true" : "false",
          row.requestId,
          row.status,
          row.error,
        ]);
      })
      .join("");
  const name = `${batch.fileName.replace(/\.csv$/i, "").replace(/[^\w.-]+/g, "_")}-results.csv`;
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "no-store",
    },
  });
}
