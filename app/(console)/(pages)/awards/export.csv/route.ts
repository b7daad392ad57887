import { PAGE_SIZE, readTableView } from "@/components/data-table/url-state";
import { defineCsvExport } from "@/lib/api/define-csv-export";
import { historyView } from "@/lib/awards/history-view";
import { readAwardHistoryFile } from "@/lib/awards/page-reads";

export const dynamic = "force-dynamic";

/** The award history under the page's filters and sort, every page of it, as CSV. */
export const GET = defineCsvExport("awards:read", async ({ request, user }) => {
  const params = new URL(request.url).searchParams;
  const { filters, sort } = historyView(params, readTableView(params), PAGE_SIZE);
  const { rows, symbols } = await readAwardHistoryFile(user, filters, sort);
  const symbolOf = (guid: string) => symbols.get(guid.toLowerCase()) ?? guid;
  return {
    name: "award-history",
    header: [
      "sent_at",
      "request_id",
      "customer_id",
      "sent_by",
      "mode",
      "tokens",
      "wallet",
      "reason",
      "status",
      "error",
      "batch_id",
      "batch_line",
    ],
    rows: (async function* () {
      for await (const award of rows)
        yield [
          award.createdAt.toISOString(),
          award.requestId,
          award.customerId,
          award.actorEmail,
          award.isAllowance ? "allowance" : "direct",
          // Exact amounts as stored, one "amount SYMBOL" per line.
          award.lines.map((line) => `${line.Amount} ${symbolOf(line.Guid)}`).join("; "),
          award.wallet,
          award.reason,
          award.status,
          award.error,
          award.batchId === null ? "" : String(award.batchId),
          award.batchLine === null ? "" : String(award.batchLine),
        ];
    })(),
  };
});
