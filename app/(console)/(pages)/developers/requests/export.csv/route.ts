import { defineCsvExport } from "@/lib/api/define-csv-export";
import { requireProject } from "@/lib/project/current-project";
import { requestLogEntries } from "@/lib/request-log/read-request-log";
import { readRequestFilters } from "@/lib/request-log/request-filters";

export const dynamic = "force-dynamic";

/** The request log under the page's filters, newest first, every page of it, as CSV. */
export const GET = defineCsvExport("requests:read", async ({ request, user }) => {
  const { connection } = await requireProject(user.id);
  const filters = readRequestFilters(new URL(request.url).searchParams);
  return {
    name: "requests",
    header: [
      "at",
      "method",
      "route",
      "status",
      "duration_ms",
      "key_id",
      "key_prefix",
      "customer_id",
      "request_id",
      "error_code",
      "error",
      "caller_request_id",
      "ip",
    ],
    rows: (async function* () {
      for await (const entry of requestLogEntries(connection, filters, new Date()))
        yield [
          entry.At,
          entry.Method,
          entry.Route,
          String(entry.Status),
          entry.DurationMs,
          String(entry.KeyId),
          entry.KeyPrefix,
          entry.CustomerID,
          entry.RequestID,
          entry.ErrorCode,
          entry.Error,
          entry.CallerRequestId,
          entry.IP ?? "",
        ];
    })(),
  };
});
