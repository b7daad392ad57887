import { defineRoute } from "@/lib/api/define-route";
import { requireProject } from "@/lib/project/current-project";
import { readDeliveryFilters } from "@/lib/webhooks/delivery-filters";
import { readDeliveries } from "@/lib/webhooks/webhooks-page";

export const dynamic = "force-dynamic";

/**
 * GET /api/webhooks/deliveries?EndpointId=…&State=…&Type=… — the newest page of the delivery log
 * for the Webhooks page's filters, kept live while it is open (webhooks:manage).
 */
export const GET = defineRoute("webhooks:manage", async ({ request, user }) => {
  const { connection } = await requireProject(user.id);
  return readDeliveries(connection, readDeliveryFilters(new URL(request.url).searchParams));
});
