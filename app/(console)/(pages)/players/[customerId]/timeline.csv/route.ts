import { defineCsvExport } from "@/lib/api/define-csv-export";
import { wholePlayerTimeline } from "@/lib/player-timeline/player-timeline";

export const dynamic = "force-dynamic";

/** A player's timeline, every entry of the kinds shown (`?kinds=`), newest first, as CSV. */
export const GET = defineCsvExport<{ customerId: string }>(
  "players:read",
  async ({ params, request, user }) => {
    const customer = decodeURIComponent(params.customerId);
    const kinds = new URL(request.url).searchParams.get("kinds") ?? "";
    const entries = await wholePlayerTimeline(user, { customer, kinds });
    return {
      name: `timeline-${customer.replace(/[^\w.-]+/g, "_")}`,
      header: ["at", "kind", "what", "who", "detail", "request_id", "batch", "batch_line"],
      rows: (async function* () {
        for await (const entry of entries)
          yield [
            entry.at,
            entry.kind,
            entry.title,
            entry.who,
            entry.detail,
            entry.requestId ?? "",
            entry.batch ? String(entry.batch.id) : "",
            entry.batch ? String(entry.batch.line) : "",
          ];
      })(),
    };
  },
);
