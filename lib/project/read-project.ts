import "server-only";
import { requirePageUser } from "@/lib/auth/current-user";
import type { Permission } from "@/lib/auth/permissions";
import type { ConsoleUser } from "@/lib/auth/users";
import type { ServiceConnection } from "@/lib/client/call-service";
import { projectContext } from "./current-project";
import { readService, type ServiceRead } from "./read-service";

/**
 * A page's one read from the service: checks the session and the permission, finds the user's
 * project, and calls the service — answering data, or a failure the page shows (no project yet,
 * or what the service said). The connection with its key stays inside.
 */
export async function readProject<T>(
  permission: Permission,
  call: (connection: ServiceConnection) => Promise<T>,
): Promise<{ user: ConsoleUser; read: ServiceRead<T> }> {
  const user = await requirePageUser(permission);
  const { connection } = await projectContext(user.id);
  if (!connection) {
    return {
      user,
      read: {
        ok: false,
        failure: {
          kind: "no-project",
          status: null,
          message: "This console has no project connection yet: an owner adds one in Settings → Connections.",
        },
      },
    };
  }
  return { user, read: await readService(() => call(connection)) };
}
