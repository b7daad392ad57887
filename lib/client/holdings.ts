import "server-only";
import { callService, type ServiceConnection, servicePath } from "./call-service";

export function getCustomerTokens(connection: ServiceConnection, customerId: string) {
  return callService(
    connection,
    servicePath("Tokens", connection.apiKey, connection.projectGuid, customerId),
    "customerTokens",
  );
}

export function getCustomerItems(connection: ServiceConnection, customerId: string) {
  return callService(
    connection,
    servicePath("Items", connection.apiKey, connection.projectGuid, customerId),
    "customerItems",
  );
}

export function getItem(connection: ServiceConnection, tokenId: string) {
  return callService(
    connection,
    servicePath("Item", connection.apiKey, connection.projectGuid, tokenId),
    "item",
  );
}
