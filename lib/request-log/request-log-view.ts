import type { RequestLogEntry } from "@/lib/contract/request-log";
import type { RouteErrors } from "./error-groups";
import type { ResolvedFilters } from "./request-filters";

/** One page of the request log as the page shows it (browser-safe). */
export interface RequestLogPage {
  entries: RequestLogEntry[];
  /** The Cursor of the next, older page; "" at the end. */
  nextCursor: string;
  /** How long the service keeps entries. */
  keptDays: number;
  /** Filters left out because they break their rule, and why. */
  problems: ResolvedFilters["problems"];
}

/** The errors panel: failed calls per route and message in the page's time range. */
export interface RequestErrorsView {
  routes: RouteErrors[];
}

/**
 * A route pattern as people read it: the key and project parameters every keyed route starts
 * with are left out (`/Tokens/:YourAPIKEY/:ProjectGuid/:CustomerID` → `/Tokens/:CustomerID`).
 * Filters still take the full pattern.
 */
export function shortRoute(route: string): string {
  return route.replace("/:YourAPIKEY/:ProjectGuid", "") || "/";
}
