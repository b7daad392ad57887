import "server-only";
import type { ServiceConnection } from "@/lib/client/call-service";
import { listRequestErrors, listRequests } from "@/lib/client/request-log";
import { REQUEST_LOG_PAGE_MAX, type RequestLogEntry } from "@/lib/contract/request-log";
import type { ExtensionRead } from "@/lib/service-keys/extension-read";
import { readExtension } from "@/lib/service-keys/extension-refusal";
import { errorsByRoute } from "./error-groups";
import { type RequestFilters, resolveRequestFilters } from "./request-filters";
import type { RequestErrorsView, RequestLogPage } from "./request-log-view";

/** A page of the request log for the page's filters (reads only). */
export async function readRequestLog(
  connection: ServiceConnection,
  filters: RequestFilters,
  now: Date,
): Promise<ExtensionRead<RequestLogPage>> {
  const { query, problems } = resolveRequestFilters(filters, now);
  return readExtension(async () => {
    const answer = await listRequests(connection, query);
    return {
      entries: answer.Data.Requests,
      nextCursor: answer.Data.NextCursor,
      keptDays: answer.Data.KeptDays,
      problems,
    };
  });
}

/** The failed calls of the page's time range, per route and message (reads only). */
export async function readRequestErrors(
  connection: ServiceConnection,
  filters: RequestFilters,
  now: Date,
): Promise<ExtensionRead<RequestErrorsView>> {
  const { errors } = resolveRequestFilters(filters, now);
  return readExtension(async () => ({
    routes: errorsByRoute((await listRequestErrors(connection, errors)).Data.Groups),
  }));
}

/**
 * Every entry the filters match, newest first, a page of REQUEST_LOG_PAGE_MAX at a time while the
 * export streams (lib/api/define-csv-export.ts). A filter that is no filter is left out, as on the page.
 */
export async function* requestLogEntries(
  connection: ServiceConnection,
  filters: RequestFilters,
  now: Date,
): AsyncGenerator<RequestLogEntry> {
  const { query } = resolveRequestFilters(filters, now);
  let cursor = "";
  do {
    const page = await listRequests(connection, {
      ...query,
      Limit: String(REQUEST_LOG_PAGE_MAX),
      ...(cursor ? { Cursor: cursor } : {}),
    });
    yield* page.Data.Requests;
    cursor = page.Data.NextCursor;
  } while (cursor);
}
