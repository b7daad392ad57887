import { requestLogRoute } from "@/lib/request-log/live-route";
import { readRequestLog } from "@/lib/request-log/read-request-log";

export const dynamic = "force-dynamic";

/**
 * GET /api/requests?Status=…&Route=… — the newest page of the service's request log for the
 * Requests page's filters, kept live while the page is open (requests:read).
 */
export const GET = requestLogRoute(readRequestLog);
