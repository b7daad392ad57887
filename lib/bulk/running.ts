import "server-only";
import { eq } from "drizzle-orm";
import { sameConnection } from "@/lib/connections/connections";
import { consoleDb } from "@/lib/db/console-db";
import { awardBatches } from "@/lib/db/schema";
import { consoleEnv } from "@/lib/env";
import { consoleSecrets } from "@/lib/secrets";
import { findBatch } from "./batch-store";
import { finishIfDone, sendBatchRows } from "./sender";

// The batches this process is sending, kept across hot reloads in development.
const holder = globalThis as unknown as { bulkSending?: Map<number, Promise<void>> };
holder.bulkSending ??= new Map();
const sending = holder.bulkSending;

/** How long to wait before looking again at rows another instance holds. */
const RECHECK_MS = 5_000;

async function run(batchId: number): Promise<void> {
  const db = await consoleDb();
  for (;;) {
    const batch = await findBatch(db, batchId);
    // Only an approved (or never held) batch sends; one awaiting approval or stopped does not.
    if (batch?.status !== "sending") return;
    const env = consoleEnv();
    const connection = await sameConnection(db, consoleSecrets(env).encryptionKeys, env, batch);
    if (!connection) {
      // The rows stay pending: sending them elsewhere could pay another project.
      console.error(
        `[bulk] batch ${batchId} not sent: its connection (${batch.connection}) is gone or points elsewhere`,
      );
      await db
        .update(awardBatches)
        .set({
          error:
            "The connection this batch was sent through is gone or now points elsewhere: its waiting rows were not sent.",
        })
        .where(eq(awardBatches.id, batchId));
      return;
    }
    // Read again before each claim: a key replaced or rolled meanwhile is used from then on.
    const current = () => sameConnection(db, consoleSecrets(env).encryptionKeys, env, batch);
    await sendBatchRows(db, current, batchId, { actorEmail: batch.actorEmail });
    if (await finishIfDone(db, batchId)) return;
    // Rows another instance claimed remain: look again when their lease may have ended.
    await new Promise((resolve) => setTimeout(resolve, RECHECK_MS));
  }
}

/** Starts sending a batch in this process unless it already is; returns at once. */
export function startSending(batchId: number): void {
  if (sending.has(batchId)) return;
  const task = run(batchId)
    .catch((error: unknown) => {
      console.error(`[bulk] batch ${batchId} stopped: ${(error as Error).message}`);
    })
    .finally(() => sending.delete(batchId));
  sending.set(batchId, task);
}

export function isSending(batchId: number): boolean {
  return sending.has(batchId);
}

/** After a restart: every batch still marked sending is taken up again. */
export async function resumeBatches(): Promise<number> {
  const db = await consoleDb();
  const open = await db
    .select({ id: awardBatches.id })
    .from(awardBatches)
    .where(eq(awardBatches.status, "sending"));
  for (const { id } of open) startSending(id);
  return open.length;
}
