import { auditExportResponse } from "@/lib/api/audit-export-response";

export const dynamic = "force-dynamic";

/** The audit log as CSV, filtered like the page (owners only). */
export function GET(request: Request) {
  return auditExportResponse(request, "csv");
}
