import { defineRoute } from "@/lib/api/define-route";
import { readBatchReversal } from "@/lib/bulk/page-reads";
import { UserFacingError } from "@/lib/model/user-facing-error";

export const dynamic = "force-dynamic";

/** GET /api/batches/ID/reversal — a batch reversal's progress, for its live page (a read). */
export const GET = defineRoute<{ batchId: string }>("awards:read", async ({ params }) => {
  const progress = await readBatchReversal(Number(params.batchId));
  if (!progress) throw new UserFacingError(`Batch ${params.batchId} has not been reversed.`, { status: 404 });
  return progress;
});
