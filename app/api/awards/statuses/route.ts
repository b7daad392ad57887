import { defineRoute } from "@/lib/api/define-route";
import { readAwardStatuses } from "@/lib/awards/page-reads";
import { UUID_PATTERN } from "@/lib/contract/fields";
import { UserFacingError } from "@/lib/model/user-facing-error";

export const dynamic = "force-dynamic";

const MAX_IDS = 100;

/** GET /api/awards/statuses?ids=A,B — the trail's current status of the awards a page shows. */
export const GET = defineRoute("awards:read", async ({ request }) => {
  const ids = (new URL(request.url).searchParams.get("ids") ?? "").split(",").filter(Boolean);
  if (ids.length > MAX_IDS)
    throw new UserFacingError(`ids must name at most ${MAX_IDS} awards.`, { status: 400 });
  if (!ids.every((id) => UUID_PATTERN.test(id)))
    throw new UserFacingError("ids must be RequestIDs (UUIDs), comma-separated.", { status: 400 });
  return { statuses: await readAwardStatuses(ids) };
});
