import { defineRoute, RouteError } from "@/lib/api/define-route";
import { ServiceCallError } from "@/lib/client/call-service";
import { projectContext } from "@/lib/project/current-project";
import { readRequestErrors } from "@/lib/request-log/read-request-log";
import { readRequestFilters } from "@/lib/request-log/request-filters";

export const dynamic = "force-dynamic";

/**
 * GET /api/requests/errors?Since=…&From=…&To=…&KeyId=… — the request log's failed calls by route
 * and message, kept live while the Requests page is open (requests:read).
 */
export const GET = defineRoute("requests:read", async ({ request, user }) => {
  const { connection } = await projectContext(user.id);
  if (!connection) throw new RouteError(409, "No project is chosen: an owner adds a connection first.");
  try {
    return await readRequestErrors(
      connection,
      readRequestFilters(new URL(request.url).searchParams),
      new Date(),
    );
  } catch (error) {
    if (error instanceof ServiceCallError) throw new RouteError(502, error.message);
    throw error;
  }
});
