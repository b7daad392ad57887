import "server-only";
import { type RequestErrorsQuery, type RequestLogQuery, requestLog } from "@/lib/contract/request-log";
import { type AnswerLimit, callService, type ServiceConnection, servicePath } from "./call-service";

/**
 * A page is at most 200 entries of a few hundred bytes (an error's text is the longest part), and
 * the error groups are one per route, status and message: 4 MB holds either many times over.
 */
const LOG_PAGE: AnswerLimit = { bytes: 4_000_000, what: "a page of the request log (Requests)" };
const ERROR_GROUPS: AnswerLimit = { bytes: 4_000_000, what: "the request log's errors (Requests/Errors)" };

/** `?Status=4xx&Route=…`: the filters that are set, in the contract's names. */
function queryString(query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== "") params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** `GET /Requests/{key}/{project}` (our extension, `keys` scope): a page of entries, newest first. */
export function listRequests(connection: ServiceConnection, query: RequestLogQuery) {
  return callService(
    connection,
    `${servicePath("Requests", connection.apiKey, connection.projectGuid)}${queryString(query)}`,
    requestLog.accept.RequestLogResponse,
    { limit: LOG_PAGE },
  );
}

/** `GET /Requests/Errors/{key}/{project}`: the failed calls grouped by route, status and message. */
export function listRequestErrors(connection: ServiceConnection, query: RequestErrorsQuery) {
  return callService(
    connection,
    `${servicePath("Requests", "Errors", connection.apiKey, connection.projectGuid)}${queryString(query)}`,
    requestLog.accept.RequestErrorsResponse,
    { limit: ERROR_GROUPS },
  );
}
