import "server-only";
import type { RequestErrorsQuery, RequestLogQuery } from "@/lib/contract/request-log";
import { callService, queryString, type ServiceConnection, servicePath } from "./call-service";

/** `GET /Requests/{key}/{project}` (our extension, `keys` scope): a page of entries, newest first. */
export function listRequests(connection: ServiceConnection, query: RequestLogQuery) {
  return callService(
    connection,
    `${servicePath("Requests", connection.apiKey, connection.projectGuid)}${queryString(query)}`,
    "requestLogPage",
  );
}

/** `GET /Requests/Errors/{key}/{project}`: the failed calls grouped by route, status and message. */
export function listRequestErrors(connection: ServiceConnection, query: RequestErrorsQuery) {
  return callService(
    connection,
    `${servicePath("Requests", "Errors", connection.apiKey, connection.projectGuid)}${queryString(query)}`,
    "requestErrors",
  );
}
