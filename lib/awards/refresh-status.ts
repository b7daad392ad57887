import "server-only";
import { getAward } from "@/lib/client/awards";
import type { ServiceConnection } from "@/lib/client/call-service";
import type { ConsoleDb } from "@/lib/db/connection";
import { type AwardRecord, recordOutcome } from "./trail";

/**
 * Queued awards settle later, when the project wallet is funded. Where the service offers our
 * Awards extension, the trail asks it for the current status of the queued awards being shown
 * and records a settlement as a later status change. Without the extension (or when the service
 * does not answer) the stored status stands.
 */
export async function refreshQueued(
  db: ConsoleDb,
  connection: ServiceConnection | null,
  shown: AwardRecord[],
): Promise<AwardRecord[]> {
  if (!connection) return shown;
  const queued = shown.filter(
    (award) =>
      award.status === "queued" &&
      award.baseUrl === connection.baseUrl &&
      award.projectGuid === connection.projectGuid,
  );
  const settled = new Map<number, AwardRecord>();
  await Promise.all(
    queued.slice(0, 25).map(async (award) => {
      try {
        const answer = await getAward(connection, award.requestId);
        if (answer.Data.Status !== "Completed") return;
        const completedAt = answer.Data.CompletedAt ? ` at ${answer.Data.CompletedAt}` : "";
        await recordOutcome(db, award.id, {
          status: "completed",
          kind: "status",
          detail: `Settled${completedAt}: the project wallet was funded.`,
        });
        settled.set(award.id, { ...award, status: "completed" });
      } catch {
        // No extension, or the service is away: keep what the trail knows.
      }
    }),
  );
  return shown.map((award) => settled.get(award.id) ?? award);
}
