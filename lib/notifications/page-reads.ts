import "server-only";
import { consoleDb } from "@/lib/db/console-db";
import { consoleEnv } from "@/lib/env";
import { projectContext } from "@/lib/project/current-project";
import type { BellItem, RuleRow } from "./notification-view";
import { listRules, readBell } from "./rules";

/** Settings → Notifications' read: the chosen project's rules, and whether email can be sent (reads only). */
export async function readRulesPage(
  userId: number,
): Promise<{ project: { ref: string; name: string } | null; rules: RuleRow[]; emailReady: boolean }> {
  const { chosen } = await projectContext(userId);
  const emailReady = Boolean(consoleEnv().CONSOLE_SMTP_URL);
  if (!chosen) return { project: null, rules: [], emailReady };
  return {
    project: { ref: chosen.ref, name: chosen.name },
    rules: await listRules(await consoleDb(), chosen.ref),
    emailReady,
  };
}

/** The bell's read for the signed-in person. */
export async function readOwnBell(userId: number): Promise<{ unread: number; items: BellItem[] }> {
  return readBell(await consoleDb(), userId);
}
