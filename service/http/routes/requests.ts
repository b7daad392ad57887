import { RequestErrorsQuery, RequestLogQuery, requestLog } from "@/lib/contract/request-log";
import { listRequestLog, requestErrorGroups } from "../../domain/request-log";
import { getRoute, type ServiceApp } from "../define-route";
import { ok } from "../envelope";
import { projectParams } from "./params";

const schemas = requestLog.emit;

/** Our request log extension (docs/service.md, "Request log"): both endpoints need the `keys` scope. */
export function requestRoutes(app: ServiceApp): void {
  // GET /Requests/{key}/{project}
  getRoute(app, {
    url: "/Requests/:YourAPIKEY/:ProjectGuid",
    summary: "Extension: the calls this project's keys made, newest first (never a key)",
    params: projectParams,
    querystring: RequestLogQuery,
    response: schemas.RequestLogResponse,
    emptyLists: { Data: { Requests: [], NextCursor: "", KeptDays: app.requestLog.keptDays } },
    scope: "keys",
    handler: async ({ query, project }) =>
      ok({
        Data: { ...(await listRequestLog(app.db, project.id, query)), KeptDays: app.requestLog.keptDays },
      }),
  });

  // GET /Requests/Errors/{key}/{project}
  getRoute(app, {
    url: "/Requests/Errors/:YourAPIKEY/:ProjectGuid",
    summary:
      "Extension: the project's failed calls grouped by route, status and error (default: the last 24 hours)",
    params: projectParams,
    querystring: RequestErrorsQuery,
    response: schemas.RequestErrorsResponse,
    emptyLists: { Data: { Groups: [] } },
    scope: "keys",
    handler: async ({ query, project }) =>
      ok({ Data: { Groups: await requestErrorGroups(app.db, project.id, query) } }),
  });
}
