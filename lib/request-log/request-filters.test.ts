import { describe, expect, it } from "vitest";
import { RequestErrorsQuery, RequestLogQuery } from "@/lib/contract/request-log";
import { isFiltered, readRequestFilters, requestLogHref, resolveRequestFilters } from "./request-filters";

const NOW = new Date("2027-03-10T12:00:00.000Z");
const filters = (values: Record<string, string>) => readRequestFilters(new URLSearchParams(values));

describe("the request log's filters", () => {
  it("read from the URL by the contract's names, trimmed, the first value of each", () => {
    expect(
      readRequestFilters({
        RequestID: [" 0e0c9f1e-0000-4000-8000-000000000000 ", "x"],
        Status: "4xx",
        other: "y",
      }),
    ).toEqual({
      Status: "4xx",
      Route: "",
      CustomerID: "",
      RequestID: "0e0c9f1e-0000-4000-8000-000000000000",
      KeyId: "",
      Since: "",
      From: "",
      To: "",
      Cursor: "",
    });
  });

  it("stand for a query the contract accepts: days become their first and last millisecond, Since a From", () => {
    const resolved = resolveRequestFilters(
      filters({
        Status: "4XX",
        Route: "/AwardTokens",
        CustomerID: "player-1",
        KeyId: "3",
        From: "2027-03-01",
        To: "2027-03-02",
        Cursor: "991",
      }),
      NOW,
    );
    expect(resolved).toEqual({
      query: {
        Status: "4xx",
        Route: "/AwardTokens",
        CustomerID: "player-1",
        KeyId: "3",
        Cursor: "991",
        From: "2027-03-01T00:00:00.000Z",
        To: "2027-03-02T23:59:59.999Z",
      },
      errors: { From: "2027-03-01T00:00:00.000Z", To: "2027-03-02T23:59:59.999Z", KeyId: "3" },
      problems: {},
    });
    expect(RequestLogQuery.safeParse(resolved.query).success).toBe(true);
    expect(RequestErrorsQuery.safeParse(resolved.errors).success).toBe(true);
    expect(resolveRequestFilters(filters({ Since: "1h" }), NOW).query).toEqual({
      From: "2027-03-10T11:00:00.000Z",
    });
    // The log without a range is everything kept; the errors panel's is then the last 24 hours.
    expect(resolveRequestFilters(filters({ Route: "/AwardTokens" }), NOW)).toMatchObject({
      query: { Route: "/AwardTokens" },
      errors: { From: "2027-03-09T12:00:00.000Z" },
    });
    // From and To win over the quick range.
    expect(resolveRequestFilters(filters({ Since: "1h", To: "2027-03-05" }), NOW).query).toEqual({
      To: "2027-03-05T23:59:59.999Z",
    });
  });

  it.each([
    [{ Status: "3xx" }, "Status", "must be a status class (2xx, 4xx, 5xx) or a status (404)"],
    [{ KeyId: "abc" }, "KeyId", "must be a key's Id (a whole number)"],
    [
      { Cursor: "next" },
      "Cursor",
      "must be the NextCursor of an earlier page: go back to the newest entries",
    ],
    [{ From: "2027-02-30" }, "From", "must be a UTC day (2027-01-31) or a UTC time (2027-01-31T09:30:00Z)"],
    [{ To: "yesterday" }, "To", "must be a UTC day (2027-01-31) or a UTC time (2027-01-31T09:30:00Z)"],
    [{ From: "2027-03-05", To: "2027-03-01" }, "To", "must not be before From"],
    [{ Since: "3w" }, "Since", "must be one of 15m, 1h, 24h, 7d"],
    [{ RequestID: "x".repeat(101) }, "RequestID", "must be at most 100 characters"],
  ])("%j is named as a problem of %s and left out of the query", (values, name, message) => {
    const resolved = resolveRequestFilters(filters(values), NOW);
    expect(resolved.problems).toEqual({ [name]: message });
    expect(resolved.query).not.toHaveProperty(name);
    expect(RequestLogQuery.safeParse(resolved.query).success).toBe(true);
  });

  it("write the log's address: Older adds the cursor, Newest drops it, the rest stays", () => {
    const current = filters({ RequestID: "r-1", Since: "24h" });
    expect(requestLogHref(current, { Cursor: "40" })).toBe(
      "/developers/requests?RequestID=r-1&Since=24h&Cursor=40",
    );
    expect(requestLogHref({ ...current, Cursor: "40" }, { Cursor: "" })).toBe(
      "/developers/requests?RequestID=r-1&Since=24h",
    );
    expect(requestLogHref(filters({}))).toBe("/developers/requests");
    expect(requestLogHref(filters({ Route: "/Customer/Tokens/:x" }))).toBe(
      "/developers/requests?Route=%2FCustomer%2FTokens%2F%3Ax",
    );
    expect(isFiltered(filters({ Cursor: "40" }))).toBe(false);
    expect(isFiltered(current)).toBe(true);
  });
});
