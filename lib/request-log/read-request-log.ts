import "server-only";
import type { ServiceConnection } from "@/lib/client/call-service";
import { listRequestErrors, listRequests } from "@/lib/client/request-log";
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
