import "server-only";
import { authorize } from "@/lib/auth/current-user";
import type { Permission } from "@/lib/auth/permissions";
import type { ConsoleUser } from "@/lib/auth/users";
import { ServiceCallError } from "@/lib/client/call-service";
import { UserFacingError } from "@/lib/model/user-facing-error";

const json = (body: unknown, status = 200) =>
  Response.json(body, { status, headers: { "cache-control": "no-store" } });

/**
 * The console's GET route handlers, the reads TanStack Query keeps live (docs/console.md, "Live
 * data"): the same guard as pages and actions (session, then the current role), then the
 * handler, answering JSON that never carries the API key. Unknown errors are logged and replaced
 * by a generic message, as in actions. Handlers only read: nothing here writes to a database.
 */
export function defineRoute<P>(
  permission: Permission,
  handler: (input: { request: Request; params: P; user: ConsoleUser }) => Promise<unknown>,
): (request: Request, context: { params: Promise<P> }) => Promise<Response> {
  return async (request, context) => {
    const access = await authorize(permission);
    if (!access.ok) return json({ error: access.message }, access.reason === "signed-out" ? 401 : 403);
    try {
      return json(await handler({ request, params: await context.params, user: access.user }));
    } catch (error) {
      const { message, status } = routeFailure(error);
      return json({ error: message }, status);
    }
  };
}

/**
 * What a route answers for an error its handler threw: the message a person may read, and the
 * status. One place for every route kind (JSON here, a file in define-csv-export.ts).
 */
export function routeFailure(error: unknown): { message: string; status: number } {
  // Any message for the person, whichever feature raised it (lib/model/user-facing-error.ts).
  if (error instanceof UserFacingError) return { message: error.message, status: error.status };
  // The project's service failed: its message says how (never the key), as a page's panel does.
  if (error instanceof ServiceCallError) return { message: error.message, status: 502 };
  console.error(`[route] ${(error as Error).name}: ${(error as Error).message}`);
  return { message: "Something went wrong on the server. Try again.", status: 500 };
}
