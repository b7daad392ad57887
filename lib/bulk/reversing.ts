import "server-only";
import { eq } from "drizzle-orm";
import { finishBatchReversalIfDone, noteBatchReversalStopped } from "@/lib/awards/lifecycle/reversal-rows";
import { tokenSymbols } from "@/lib/awards/token-symbols";
import { sameConnection } from "@/lib/connections/connections";
import { consoleDb } from "@/lib/db/console-db";
import { awardBatches, batchReversals } from "@/lib/db/schema";
import { consoleEnv } from "@/lib/env";
import { consoleSecrets } from "@/lib/secrets";
import { sendReversalRows } from "./reversal-sender";

// The batch reversals this process is sending, kept across hot reloads in development.
const holder = globalThis as unknown as { bulkReversing?: Map<number, Promise<void>> };
holder.bulkReversing ??= new Map();
const reversing = holder.bulkReversing;

/** How long to wait before looking again at rows another instance holds. */
const RECHECK_MS = 5_000;

async function run(batchReversalId: number): Promise<void> {
  const db = await consoleDb();
  for (;;) {
    const [found] = await db
      .select({ reversal: batchReversals, batch: awardBatches })
      .from(batchReversals)
      .innerJoin(awardBatches, eq(awardBatches.id, batchReversals.batchId))
      .where(eq(batchReversals.id, batchReversalId));
    if (found?.reversal.status !== "sending") return;
    const env = consoleEnv();
    const connection = await sameConnection(db, consoleSecrets(env).encryptionKeys, env, found.batch);
    if (!connection) {
      // The rows stay waiting: sending them elsewhere could take back from another project.
      await noteBatchReversalStopped(
        db,
        batchReversalId,
        "The connection this batch was sent through is gone or now points elsewhere: its waiting reversals were not sent.",
      );
      return;
    }
    const symbols = await tokenSymbols(connection);
    await sendReversalRows(db, connection, batchReversalId, {
      symbolOf: (guid) => symbols.get(guid) ?? guid,
    });
    if (await finishBatchReversalIfDone(db, batchReversalId)) return;
    // Rows another instance claimed remain: look again when their lease may have ended.
    await new Promise((resolve) => setTimeout(resolve, RECHECK_MS));
  }
}

/** Starts sending a batch reversal in this process unless it already is; returns at once. */
export function startReversing(batchReversalId: number): void {
  if (reversing.has(batchReversalId)) return;
  const task = run(batchReversalId)
    .catch((error: unknown) => {
      console.error(`[bulk] batch reversal ${batchReversalId} stopped: ${(error as Error).message}`);
    })
    .finally(() => reversing.delete(batchReversalId));
  reversing.set(batchReversalId, task);
}

/** After a restart: every batch reversal still sending is taken up again (same ReversalIDs). */
export async function resumeBatchReversals(): Promise<number> {
  const db = await consoleDb();
  const open = await db
    .select({ id: batchReversals.id })
    .from(batchReversals)
    .where(eq(batchReversals.status, "sending"));
  for (const { id } of open) startReversing(id);
  return open.length;
}
