import { defineRoute } from "@/lib/api/define-route";
import { batchCounts, findBatch } from "@/lib/bulk/batch-store";
import { consoleDb } from "@/lib/db/console-db";
import { UserFacingError } from "@/lib/model/user-facing-error";

export const dynamic = "force-dynamic";

/** GET /api/batches/ID — a bulk batch's progress, for its live page (a read: resuming is the job loop's). */
export const GET = defineRoute<{ batchId: string }>("awards:read", async ({ params }) => {
  const batchId = Number(params.batchId);
  const db = await consoleDb();
  const batch = Number.isSafeInteger(batchId) && batchId > 0 ? await findBatch(db, batchId) : null;
  if (!batch) throw new UserFacingError(`There is no batch ${params.batchId}.`, { status: 404 });
  return { status: batch.status, error: batch.error, counts: await batchCounts(db, batchId) };
});
