import { describe, expect, it } from "vitest";
import { errorsByRoute, totalErrors } from "./error-groups";
import { shortRoute } from "./request-log-view";

const group = (
  route: string,
  status: number,
  error: string,
  count: number,
  lastAt: string,
  firstAt = lastAt,
) => ({
  Route: route,
  Status: status,
  ErrorCode: status === 429 ? "RATE_LIMITED" : "INVALID_REQUEST",
  Error: error,
  Count: count,
  FirstAt: firstAt,
  LastAt: lastAt,
});

describe("errorsByRoute: the panel's grouping", () => {
  it("gathers groups per route, busiest route first, and within a route the busiest message first", () => {
    const routes = errorsByRoute([
      group("/Tokens/:YourAPIKEY/:ProjectGuid", 429, "Too many requests", 3, "2027-03-10T10:00:00Z"),
      group("/AwardTokens", 400, "Tokens[0].Amount must be greater than 0", 2, "2027-03-10T09:00:00Z"),
      group("/AwardTokens", 429, "Too many requests", 5, "2027-03-10T11:00:00Z"),
      group("/AwardTokens", 409, "RequestID reused with a different body", 2, "2027-03-10T11:30:00Z"),
    ]);
    expect(routes.map((route) => [route.route, route.count, route.lastAt])).toEqual([
      ["/AwardTokens", 9, "2027-03-10T11:30:00Z"],
      ["/Tokens/:YourAPIKEY/:ProjectGuid", 3, "2027-03-10T10:00:00Z"],
    ]);
    // Ties in count: the most recent first.
    expect(routes[0]?.messages.map((m) => [m.status, m.count])).toEqual([
      [429, 5],
      [409, 2],
      [400, 2],
    ]);
    expect(totalErrors(routes)).toBe(12);
  });

  it("adds up a message the service answered in several groups, keeping its first and last moments", () => {
    const [route] = errorsByRoute([
      group("/AwardTokens", 400, "same", 1, "2027-03-10T09:00:00Z", "2027-03-10T08:00:00Z"),
      group("/AwardTokens", 400, "same", 4, "2027-03-10T12:00:00Z", "2027-03-10T07:00:00Z"),
    ]);
    expect(route?.messages).toEqual([
      {
        status: 400,
        errorCode: "INVALID_REQUEST",
        error: "same",
        count: 5,
        firstAt: "2027-03-10T07:00:00Z",
        lastAt: "2027-03-10T12:00:00Z",
      },
    ]);
  });

  it("keeps routes with equal counts and times in name order, so a refresh does not reorder them", () => {
    const at = "2027-03-10T09:00:00Z";
    expect(
      errorsByRoute([group("/b", 400, "x", 1, at), group("/a", 400, "x", 1, at)]).map((r) => r.route),
    ).toEqual(["/a", "/b"]);
    expect(errorsByRoute([])).toEqual([]);
  });
});

describe("shortRoute", () => {
  it("leaves out the key and project parameters, nothing else", () => {
    expect(shortRoute("/Tokens/:YourAPIKEY/:ProjectGuid/:CustomerID")).toBe("/Tokens/:CustomerID");
    expect(shortRoute("/Wallet/:YourAPIKEY/:ProjectGuid")).toBe("/Wallet");
    expect(shortRoute("/AwardTokens")).toBe("/AwardTokens");
  });
});
