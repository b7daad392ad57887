import "server-only";
import { holdings } from "@/lib/contract/holdings";
import { ANSWER_LIMITS, callService, type ServiceConnection, servicePath } from "./call-service";

const schemas = holdings.accept;

export function getCustomerTokens(connection: ServiceConnection, customerId: string) {
  return callService(
    connection,
    servicePath("Tokens", connection.apiKey, connection.projectGuid, customerId),
    schemas.CustomerTokensResponse,
    { limit: ANSWER_LIMITS.customerTokens },
  );
}

export function getCustomerItems(connection: ServiceConnection, customerId: string) {
  return callService(
    connection,
    servicePath("Items", connection.apiKey, connection.projectGuid, customerId),
    schemas.ItemsResponse,
    { limit: ANSWER_LIMITS.customerItems },
  );
}

export function getItem(connection: ServiceConnection, tokenId: string) {
  return callService(
    connection,
    servicePath("Item", connection.apiKey, connection.projectGuid, tokenId),
    schemas.ItemsResponse,
    { limit: ANSWER_LIMITS.item },
  );
}
