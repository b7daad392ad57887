import "server-only";
import type { ServiceConnection } from "@/lib/client/call-service";
import { ServiceCallError } from "@/lib/client/call-service";
import { listProjectTokens } from "@/lib/client/catalogue";
import { listWebhookDeliveries, listWebhooks } from "@/lib/client/webhooks";
import type { ExtensionRead } from "@/lib/service-keys/extension-read";
import { readExtension } from "@/lib/service-keys/extension-refusal";
import type { DeliveryFilters } from "./delivery-filters";
import type { DeliveryPage, WebhooksPageData } from "./webhook-view";

/** The Webhooks page's endpoints, and the project's tokens for thresholds (reads only). */
export async function readWebhooksPage(
  connection: ServiceConnection,
): Promise<ExtensionRead<WebhooksPageData>> {
  const tokens = listProjectTokens(connection).then(
    (answer) => ({ tokens: answer.Data.Tokens, problem: null }),
    (error: unknown) => {
      if (error instanceof ServiceCallError) return { tokens: [], problem: error.message };
      throw error;
    },
  );
  return readExtension(async () => {
    const [endpoints, catalogue] = await Promise.all([listWebhooks(connection), tokens]);
    return {
      endpoints: endpoints.Data.Endpoints,
      tokens: catalogue.tokens.map((token) => ({ guid: token.Guid, symbol: token.Symbol, name: token.Name })),
      tokensProblem: catalogue.problem,
    };
  });
}

/** A page of deliveries for the page's filters, newest first (reads only). */
export async function readDeliveries(
  connection: ServiceConnection,
  filters: DeliveryFilters,
): Promise<ExtensionRead<DeliveryPage>> {
  return readExtension(async () => {
    const answer = await listWebhookDeliveries(connection, {
      ...(filters.EndpointId ? { EndpointId: filters.EndpointId } : {}),
      ...(filters.State ? { State: filters.State as "pending" } : {}),
      ...(filters.Type ? { Type: filters.Type as "award.completed" } : {}),
      ...(filters.Cursor ? { Cursor: filters.Cursor } : {}),
    });
    return { deliveries: answer.Data.Deliveries, nextCursor: answer.Data.NextCursor };
  });
}
