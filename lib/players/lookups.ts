import "server-only";
import { sql } from "drizzle-orm";
import { canonicalGuid } from "@/lib/contract/guid";
import type { ConsoleDb } from "@/lib/db/connection";
import { playerLookups } from "@/lib/db/schema";

/**
 * Remembers that someone looked this player up (docs/console.md, "Finding a player"): the only
 * writer of console.player_lookups, called by the search and lookup forms' action — a person's
 * act, never a page's render.
 */
export async function rememberLookup(db: ConsoleDb, projectGuid: string, customerId: string): Promise<void> {
  await db
    .insert(playerLookups)
    .values({ projectGuid: canonicalGuid(projectGuid), customerId })
    .onConflictDoUpdate({
      target: [playerLookups.projectGuid, playerLookups.customerId],
      set: { lookedUpAt: sql`now()` },
    });
}
