import "server-only";
import { consoleDb } from "@/lib/db/console-db";
import { touchSession } from "./sessions";

/**
 * A person acted — typed or clicked on a page (the activity signal's route), or ran a server
 * action — so the session's idle timeout starts again (docs/console.md, "Sessions").
 */
export async function recordActivity(sessionId: string): Promise<void> {
  await touchSession(await consoleDb(), sessionId);
}
