import "server-only";
import { type AuditExportFormat, auditExport } from "@/lib/audit/audit-export";
import { auditFilterFrom } from "@/lib/audit/audit-filter";
import { authorize } from "@/lib/auth/current-user";
import { consoleDb } from "@/lib/db/console-db";

/** The export routes' one body: guarded like the page (owners), then the streamed file. */
export async function auditExportResponse(request: Request, format: AuditExportFormat): Promise<Response> {
  const access = await authorize("audit:read");
  if (!access.ok)
    return new Response(`${access.message}\n`, {
      status: access.reason === "signed-out" ? 401 : 403,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  const filter = auditFilterFrom(new URL(request.url).searchParams);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(auditExport(await consoleDb(), filter, format), {
    headers: {
      "content-type": format === "csv" ? "text/csv; charset=utf-8" : "application/jsonl; charset=utf-8",
      "content-disposition": `attachment; filename="audit-log-${day}.${format}"`,
      "cache-control": "no-store",
    },
  });
}
