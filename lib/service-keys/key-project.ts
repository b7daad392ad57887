import "server-only";
import type { AuditActor } from "@/lib/audit/audit-log";
import type { ConsoleUser } from "@/lib/auth/users";
import { consoleDb } from "@/lib/db/console-db";
import { consoleEnv } from "@/lib/env";
import { requireProject } from "@/lib/project/current-project";
import { consoleSecrets } from "@/lib/secrets";
import type { KeyActContext, KeyProject } from "./service-keys";

/** The key actions' project (the one the owner chose in the switcher) and context; refused without one. */
export async function keyActionScope(
  user: ConsoleUser,
  actor: AuditActor,
): Promise<{ context: KeyActContext; project: KeyProject }> {
  const { chosen, connection } = await requireProject(user.id);
  return {
    context: { db: await consoleDb(), encryptionKeys: consoleSecrets(consoleEnv()).encryptionKeys, actor },
    project: { ref: chosen.ref, name: chosen.name, connection },
  };
}
