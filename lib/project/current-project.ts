import "server-only";
import type { ServiceConnection } from "@/lib/client/call-service";
import { currentConnectionRef, listConnections, serviceConnection } from "@/lib/connections/connections";
import { consoleDb } from "@/lib/db/console-db";
import { consoleEnv } from "@/lib/env";
import type { ConnectionSummary } from "@/lib/model/connection-summary";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { consoleSecrets } from "@/lib/secrets";

export interface ProjectContext {
  /** Every connection the user may switch to (summaries: no key). */
  available: ConnectionSummary[];
  /** The one the user works on, or null when the console has none yet. */
  chosen: ConnectionSummary | null;
  /** The chosen connection with its key: for server code only, never passed to a component. */
  connection: ServiceConnection | null;
}

/** The project the signed-in user works on (chosen in the switcher, remembered per user). */
export async function projectContext(userId: number): Promise<ProjectContext> {
  const db = await consoleDb();
  const env = consoleEnv();
  const available = await listConnections(db, env);
  const ref = await currentConnectionRef(db, env, userId);
  const chosen = available.find((c) => c.ref === ref) ?? null;
  const connection = chosen
    ? await serviceConnection(db, consoleSecrets(env).encryptionKeys, env, chosen.ref)
    : null;
  return { available, chosen, connection };
}

/** Work that needs a project, asked for while the console has none (a 409 from a live route). */
export class NoProjectError extends UserFacingError {
  constructor() {
    super("No project is chosen: an owner adds a connection in Settings → Connections first.", {
      status: 409,
    });
  }
}

/**
 * The user's project, for work that cannot be done without one (an award, a live route): the
 * guards turn NoProjectError into the person's message, so no caller words it again.
 */
export async function requireProject(
  userId: number,
): Promise<{ chosen: ConnectionSummary; connection: ServiceConnection }> {
  const { chosen, connection } = await projectContext(userId);
  if (!chosen || !connection) throw new NoProjectError();
  return { chosen, connection };
}

/** The name of the project the user works on, for the audit log; "" when none is chosen. */
export async function chosenProjectName(userId: number): Promise<string> {
  const db = await consoleDb();
  const env = consoleEnv();
  const ref = await currentConnectionRef(db, env, userId);
  return (await listConnections(db, env)).find((c) => c.ref === ref)?.name ?? "";
}
