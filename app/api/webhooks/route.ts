import { defineRoute } from "@/lib/api/define-route";
import { requireProject } from "@/lib/project/current-project";
import { readWebhooksPage } from "@/lib/webhooks/webhooks-page";

export const dynamic = "force-dynamic";

/** GET /api/webhooks — the endpoints and their health, kept live while the Webhooks page is open (webhooks:manage). */
export const GET = defineRoute("webhooks:manage", async ({ user }) => {
  const { connection } = await requireProject(user.id);
  return readWebhooksPage(connection);
});
