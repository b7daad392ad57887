import "server-only";
import { catalogue } from "@/lib/contract/catalogue";
import { ANSWER_LIMITS, callService, type ServiceConnection, servicePath } from "./call-service";

const schemas = catalogue.accept;

export function listProducts(connection: ServiceConnection) {
  return callService(
    connection,
    servicePath("Products", connection.apiKey, connection.projectGuid),
    schemas.ProductsResponse,
    { limit: ANSWER_LIMITS.catalogueProducts },
  );
}

/** `chains`: "all" or chain names; `includeAll`: also scheduled and expired prices (IsAll). */
export function listPrices(
  connection: ServiceConnection,
  options: { chains: "all" | string[]; includeAll: boolean },
) {
  const chains = options.chains === "all" ? "all" : options.chains.join(",");
  return callService(
    connection,
    servicePath("Prices", connection.apiKey, connection.projectGuid, chains, String(options.includeAll)),
    schemas.PricesResponse,
    { limit: ANSWER_LIMITS.cataloguePrices },
  );
}

export function listProjectTokens(connection: ServiceConnection) {
  return callService(
    connection,
    servicePath("Tokens", connection.apiKey, connection.projectGuid),
    schemas.ProjectTokensResponse,
    { limit: ANSWER_LIMITS.catalogueTokens },
  );
}
