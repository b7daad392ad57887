import "server-only";
import { callService, type ServiceConnection, servicePath } from "./call-service";

/** One page of our customer search extension (docs/service.md, "Customer search"). */
export function searchCustomers(connection: ServiceConnection, q: string, cursor?: string) {
  const query = new URLSearchParams({ q, ...(cursor ? { cursor } : {}) });
  return callService(
    connection,
    `${servicePath("Customers", connection.apiKey, connection.projectGuid)}?${query}`,
    "customerSearch",
  );
}
