import "server-only";
import type { ConsoleUser } from "@/lib/auth/users";
import { consoleDb } from "@/lib/db/console-db";
import { requireProject } from "@/lib/project/current-project";

/** The rule actions' database and project (the one chosen in the switcher); refused without one. */
export async function ruleScope(user: ConsoleUser) {
  const { chosen } = await requireProject(user.id);
  return { db: await consoleDb(), project: { ref: chosen.ref, name: chosen.name } };
}
