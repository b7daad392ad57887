import { requestLogRoute } from "@/lib/request-log/live-route";
import { readRequestErrors } from "@/lib/request-log/read-request-log";

export const dynamic = "force-dynamic";

/**
 * GET /api/requests/errors?Since=…&From=…&To=…&KeyId=… — the request log's failed calls by route
 * and message, kept live while the Requests page is open (requests:read).
 */
export const GET = requestLogRoute(readRequestErrors);
