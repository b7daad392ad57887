import "server-only";
import { defineRoute } from "@/lib/api/define-route";
import type { ServiceConnection } from "@/lib/client/call-service";
import { requireProject } from "@/lib/project/current-project";
import { type RequestFilters, readRequestFilters } from "./request-filters";

/**
 * A GET route the Requests page keeps live (requests:read): the chosen project's connection and
 * the page's filters from the URL, handed to `read`; a service that cannot be asked is a 502.
 */
export function requestLogRoute<T>(
  read: (connection: ServiceConnection, filters: RequestFilters, now: Date) => Promise<T>,
) {
  return defineRoute("requests:read", async ({ request, user }) => {
    const { connection } = await requireProject(user.id);
    return read(connection, readRequestFilters(new URL(request.url).searchParams), new Date());
  });
}
