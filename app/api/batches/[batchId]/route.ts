import { defineRoute, RouteError } from "@/lib/api/define-route";
import { batchCounts, findBatch } from "@/lib/bulk/batch-store";
import { consoleDb } from "@/lib/db/console-db";

export const dynamic = "force-dynamic";

/** GET /api/batches/ID — a bulk batch's progress, for its live page (a read: resuming is the job loop's). */
export const GET = defineRoute<{ batchId: string }>("awards:read", async ({ params }) => {
  const batchId = Number(params.batchId);
  const db = await consoleDb();
  const batch = Number.isSafeInteger(batchId) && batchId > 0 ? await findBatch(db, batchId) : null;
  if (!batch) throw new RouteError(404, `There is no batch ${params.batchId}.`);
  return { status: batch.status, error: batch.error, counts: await batchCounts(db, batchId) };
});
