import type { RequestErrorGroup } from "@/lib/contract/request-log";

/** One route's failed calls, by message: the panel "Errors by route and message". */
export interface RouteErrors {
  route: string;
  /** Every failed call of the route in the range. */
  count: number;
  /** The latest of them (ISO 8601 UTC). */
  lastAt: string;
  messages: {
    status: number;
    errorCode: string;
    error: string;
    count: number;
    firstAt: string;
    lastAt: string;
  }[];
}

/**
 * The service's error groups (one per route, status, code and message) gathered per route: the
 * routes with the most failures first (then the most recent), and within a route its messages
 * the same way. Ties keep the route's name order, so the panel does not jump between refreshes.
 */
export function errorsByRoute(groups: readonly RequestErrorGroup[]): RouteErrors[] {
  const routes = new Map<string, RouteErrors>();
  for (const group of groups) {
    const route = routes.get(group.Route) ?? { route: group.Route, count: 0, lastAt: "", messages: [] };
    route.count += group.Count;
    if (group.LastAt > route.lastAt) route.lastAt = group.LastAt;
    const same = route.messages.find(
      (m) => m.status === group.Status && m.errorCode === group.ErrorCode && m.error === group.Error,
    );
    if (same) {
      same.count += group.Count;
      if (group.FirstAt < same.firstAt) same.firstAt = group.FirstAt;
      if (group.LastAt > same.lastAt) same.lastAt = group.LastAt;
    } else
      route.messages.push({
        status: group.Status,
        errorCode: group.ErrorCode,
        error: group.Error,
        count: group.Count,
        firstAt: group.FirstAt,
        lastAt: group.LastAt,
      });
    routes.set(group.Route, route);
  }
  const busiest = <T extends { count: number; lastAt: string }>(a: T, b: T) =>
    b.count - a.count || (b.lastAt > a.lastAt ? 1 : b.lastAt < a.lastAt ? -1 : 0);
  return [...routes.values()]
    .map((route) => ({ ...route, messages: [...route.messages].sort(busiest) }))
    .sort((a, b) => busiest(a, b) || (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
}

/** Failed calls in all, across routes. */
export function totalErrors(routes: readonly RouteErrors[]): number {
  return routes.reduce((sum, route) => sum + route.count, 0);
}
