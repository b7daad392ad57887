import { defineRoute } from "@/lib/api/define-route";
import { readBatchProgress } from "@/lib/bulk/page-reads";
import { UserFacingError } from "@/lib/model/user-facing-error";

export const dynamic = "force-dynamic";

/** GET /api/batches/ID — a bulk batch's progress, for its live page (a read: resuming is the job loop's). */
export const GET = defineRoute<{ batchId: string }>("awards:read", async ({ params }) => {
  const progress = await readBatchProgress(Number(params.batchId));
  if (!progress) throw new UserFacingError(`There is no batch ${params.batchId}.`, { status: 404 });
  return progress;
});
