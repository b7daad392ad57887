import "server-only";
import type { AuditActor } from "@/lib/audit/audit-log";
import { requestActor } from "@/lib/audit/request-actor";
import { recordActivity } from "@/lib/auth/activity";
import { authorize } from "@/lib/auth/current-user";
import type { Permission } from "@/lib/auth/permissions";
import type { ConsoleUser } from "@/lib/auth/users";
import { hasUntrustedForwarding, isForeignOriginPost } from "@/lib/http/request-refusals";
import { routeFailure } from "./define-route";

const json = (body: unknown, status = 200) =>
  Response.json(body, { status, headers: { "cache-control": "no-store" } });

/**
 * A file upload too large for a server action's body (docs/console.md, "Player lists"): a POST
 * whose body is the file itself, read as it arrives. The guard of an action — session, permission,
 * the same-origin check the proxy does for pages (it does not run for /api), activity — then the
 * handler with the body's stream; its error is answered as the live routes answer one, with any
 * `detail` it carries (a file's problems row by row).
 */
export function defineUpload(
  permission: Permission,
  handler: (input: {
    request: Request;
    body: AsyncIterable<Uint8Array>;
    user: ConsoleUser;
    actor: AuditActor;
  }) => Promise<unknown>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (
      isForeignOriginPost(request.method, request.headers, new URL(request.url).protocol) ||
      hasUntrustedForwarding(request.method, request.headers)
    )
      return json({ error: "This upload was sent from another site, so the console did not take it." }, 403);
    const access = await authorize(permission);
    if (!access.ok) return json({ error: access.message }, access.reason === "signed-out" ? 401 : 403);
    if (!request.body) return json({ error: "The request has no file: send the file as its body." }, 400);
    await recordActivity(access.signedIn.session.id);
    try {
      const answer = await handler({
        request,
        body: request.body as unknown as AsyncIterable<Uint8Array>,
        user: access.user,
        actor: await requestActor(access.user),
      });
      return json(answer);
    } catch (error) {
      const { message, status } = routeFailure(error);
      const detail = (error as { problems?: unknown }).problems;
      return json(detail ? { error: message, problems: detail } : { error: message }, status);
    }
  };
}
