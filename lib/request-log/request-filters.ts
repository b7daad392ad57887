import type { RequestErrorsQuery, RequestLogQuery } from "@/lib/contract/request-log";

/**
 * The request log's filters as the page keeps them in its URL (docs/console.md, "Keys and
 * Requests"), and the service's query they stand for. Plain functions (browser-safe, no schema
 * library); their rules are the contract's (lib/contract/request-log.ts), which a test holds
 * them to. Names are the contract's, so `/developers/requests?RequestID=…` reads as it says.
 */

export const FILTER_NAMES = [
  "Status",
  "Route",
  "CustomerID",
  "RequestID",
  "KeyId",
  "Since",
  "From",
  "To",
  "Cursor",
] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

/** Each filter as typed, trimmed; "" when unset. */
export type RequestFilters = Record<FilterName, string>;

/** The time range's quick choices (`Since`), before now. */
export const SINCE_CHOICES = [
  { value: "15m", label: "Last 15 minutes", ms: 15 * 60_000 },
  { value: "1h", label: "Last hour", ms: 3_600_000 },
  { value: "24h", label: "Last 24 hours", ms: 86_400_000 },
  { value: "7d", label: "Last 7 days", ms: 7 * 86_400_000 },
] as const;

/** The errors panel's range when the page names none. */
export const ERRORS_DEFAULT_MS = 86_400_000;

/** Whether the filters name a time range (else the log shows everything kept, the errors the last 24 hours). */
export function hasTimeRange(filters: RequestFilters): boolean {
  return filters.Since !== "" || filters.From !== "" || filters.To !== "";
}

export const STATUS_CHOICES = [
  { value: "2xx", label: "Succeeded (2xx)" },
  { value: "4xx", label: "Refused (4xx)" },
  { value: "5xx", label: "Failed (5xx)" },
] as const;

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

const first = (params: Params, name: string): string => {
  const value = params instanceof URLSearchParams ? params.get(name) : params[name];
  return (Array.isArray(value) ? (value[0] ?? "") : (value ?? "")).trim();
};

/** The filters of a page's URL (search params as Next.js or the browser hands them over). */
export function readRequestFilters(params: Params): RequestFilters {
  return Object.fromEntries(FILTER_NAMES.map((name) => [name, first(params, name)])) as RequestFilters;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/;

/** A bound as the service takes it: a UTC day's first (or, `end`, last) millisecond, or a UTC time. */
function bound(text: string, end: boolean): string | null {
  const day = DAY.test(text);
  if (!day && !TIME.test(text)) return null;
  const at = new Date(day ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(at.getTime())) return null;
  if (day && at.toISOString().slice(0, 10) !== text) return null;
  // To includes its whole day: up to the day's last millisecond.
  return new Date(day && end ? at.getTime() + 86_400_000 - 1 : at.getTime()).toISOString();
}

const MAX_LENGTH = { Route: 200, CustomerID: 200, RequestID: 100 } as const;

export interface ResolvedFilters {
  /** The service's query: only the filters that are set and keep their rule. */
  query: RequestLogQuery;
  /** The same time range and key for the errors panel (no paging, no other filters). */
  errors: RequestErrorsQuery;
  /** A filter that breaks its rule, by name, and why: it is left out of the query. */
  problems: Partial<Record<FilterName, string>>;
}

/**
 * The query a page's filters stand for at `now`. From and To take a UTC day (To includes it
 * whole) or a UTC time, and win over Since; a filter that breaks its rule is named in `problems`
 * and left out, so the page shows the rest and says why.
 */
export function resolveRequestFilters(filters: RequestFilters, now: Date): ResolvedFilters {
  const problems: ResolvedFilters["problems"] = {};
  const query: Record<string, string> = {};
  const status = filters.Status.toLowerCase();
  if (status !== "") {
    if (/^([245]xx|[1-5]\d\d)$/.test(status)) query.Status = status;
    else problems.Status = "must be a status class (2xx, 4xx, 5xx) or a status (404)";
  }
  for (const name of ["Route", "CustomerID", "RequestID"] as const) {
    const value = filters[name];
    if (value === "") continue;
    if (value.length > MAX_LENGTH[name]) problems[name] = `must be at most ${MAX_LENGTH[name]} characters`;
    else query[name] = value;
  }
  if (filters.KeyId !== "") {
    if (/^\d{1,9}$/.test(filters.KeyId)) query.KeyId = filters.KeyId;
    else problems.KeyId = "must be a key's Id (a whole number)";
  }
  if (filters.Cursor !== "") {
    if (/^\d{1,18}$/.test(filters.Cursor)) query.Cursor = filters.Cursor;
    else problems.Cursor = "must be the NextCursor of an earlier page: go back to the newest entries";
  }
  for (const [name, end] of [
    ["From", false],
    ["To", true],
  ] as const) {
    if (filters[name] === "") continue;
    const at = bound(filters[name], end);
    if (at) query[name] = at;
    else problems[name] = "must be a UTC day (2027-01-31) or a UTC time (2027-01-31T09:30:00Z)";
  }
  if (query.From && query.To && query.From > query.To) {
    problems.To = "must not be before From";
    delete query.To;
  }
  if (filters.Since !== "" && !query.From && !query.To && !problems.From && !problems.To) {
    const since = SINCE_CHOICES.find((choice) => choice.value === filters.Since);
    if (since) query.From = new Date(now.getTime() - since.ms).toISOString();
    else problems.Since = `must be one of ${SINCE_CHOICES.map((choice) => choice.value).join(", ")}`;
  }
  const errors: Record<string, string> = {};
  for (const name of ["From", "To", "KeyId"] as const) if (query[name]) errors[name] = query[name];
  // The errors panel always says its range: without one, the last 24 hours.
  if (!errors.From && !errors.To) errors.From = new Date(now.getTime() - ERRORS_DEFAULT_MS).toISOString();
  return { query, errors, problems };
}

export const REQUESTS_PATH = "/developers/requests";

/**
 * The log's address with these filters and `changes` on top ("" drops a filter): the Older link
 * (`{ Cursor }`), Newest (`{ Cursor: "" }`), an error group's entries.
 */
export function requestLogHref(filters: RequestFilters, changes: Partial<RequestFilters> = {}): string {
  const params = new URLSearchParams();
  const merged = { ...filters, ...changes };
  for (const name of FILTER_NAMES) if (merged[name]) params.set(name, merged[name]);
  const text = params.toString();
  return text ? `${REQUESTS_PATH}?${text}` : REQUESTS_PATH;
}

/** The filters as the live routes take them (the same names, in a query string). */
export function filtersQueryString(filters: RequestFilters): string {
  const href = requestLogHref(filters);
  const at = href.indexOf("?");
  return at === -1 ? "" : href.slice(at);
}

/** Whether any filter narrows the log (the empty state then says "no entry matches"). */
export function isFiltered(filters: RequestFilters): boolean {
  return FILTER_NAMES.some((name) => name !== "Cursor" && filters[name] !== "");
}
