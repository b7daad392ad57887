import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { getAward } from "@/lib/client/awards";
import type { ServiceConnection } from "@/lib/client/call-service";
import type { ConsoleDb } from "@/lib/db/connection";
import { awards } from "@/lib/db/schema";
import { noteSettlementChecked, settleAwards } from "./lifecycle/settlement";
import type { AwardRecord } from "./trail";

/** The connection an award went through, when it still points where the award went; else null. */
export type ConnectionOf = (award: AwardRecord) => Promise<ServiceConnection | null>;

const IN_FLIGHT = 8;

/**
 * One round of the settlement job (docs/console.md, "Live data"): queued awards settle later,
 * when the project wallet is funded, possibly by someone else. The least recently checked
 * queued awards are asked about through the service's Awards extension; a settlement is
 * recorded as a later status change. Without the extension, or when the service is away, the
 * stored status stands. Runs in the server's job loop, never while a page renders.
 */
export async function settleQueuedAwards(
  db: ConsoleDb,
  connectionOf: ConnectionOf,
  limit = 50,
): Promise<{ checked: number; settled: number }> {
  const queued = await db
    .select()
    .from(awards)
    .where(eq(awards.status, "queued"))
    .orderBy(sql`${awards.statusCheckedAt} asc nulls first`, asc(awards.id))
    .limit(limit);
  let settled = 0;
  let next = 0;
  const worker = async () => {
    for (let award = queued[next++]; award; award = queued[next++]) {
      await noteSettlementChecked(db, award.id);
      const connection = await connectionOf(award);
      if (!connection) continue;
      try {
        const answer = await getAward(connection, award.requestId);
        if (answer.Data.Status !== "Completed") continue;
        const completedAt = answer.Data.CompletedAt ? ` at ${answer.Data.CompletedAt}` : "";
        // A funding from this console may have recorded it meanwhile: then nothing moves.
        const moved = await settleAwards(
          db,
          { ids: [award.id] },
          `Settled${completedAt}: the project wallet was funded.`,
        );
        settled += moved.length;
      } catch {
        // No extension, or the service is away: keep what the trail knows and ask again later.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, queued.length) }, worker));
  return { checked: queued.length, settled };
}
