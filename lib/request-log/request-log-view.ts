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
