import "server-only";
import { callService, type ServiceConnection, servicePath } from "./call-service";

export function listProducts(connection: ServiceConnection) {
  return callService(
    connection,
    servicePath("Products", connection.apiKey, connection.projectGuid),
    "catalogueProducts",
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
    "cataloguePrices",
  );
}

export function listProjectTokens(connection: ServiceConnection) {
  return callService(
    connection,
    servicePath("Tokens", connection.apiKey, connection.projectGuid),
    "catalogueTokens",
  );
}
