import { defineRoute, RouteError } from "@/lib/api/define-route";
import { ServiceCallError } from "@/lib/client/call-service";
import { projectContext } from "@/lib/project/current-project";
import { readRequestLog } from "@/lib/request-log/read-request-log";
import { readRequestFilters } from "@/lib/request-log/request-filters";

export const dynamic = "force-dynamic";

/**
 * GET /api/requests?Status=…&Route=… — the newest page of the service's request log for the
 * Requests page's filters, kept live while the page is open (requests:read).
 */
export const GET = defineRoute("requests:read", async ({ request, user }) => {
  const { connection } = await projectContext(user.id);
  if (!connection) throw new RouteError(409, "No project is chosen: an owner adds a connection first.");
  try {
    return await readRequestLog(
      connection,
      readRequestFilters(new URL(request.url).searchParams),
      new Date(),
    );
  } catch (error) {
    if (error instanceof ServiceCallError) throw new RouteError(502, error.message);
    throw error;
  }
});
