import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { awardTokens } from "@/lib/client/awards";
import type { ServiceConnection } from "@/lib/client/call-service";
import { listProjectTokens } from "@/lib/client/catalogue";
import { createKey } from "@/lib/client/keys";
// Tests may start the real service; the console's own code reaches it only over HTTP.
import { serveFixtures } from "@/testing/service/fixture-service";
import { GOLD, GOLD_DB, KEY, ORPHAN, PROJECT } from "@/testing/service/fixtures";
import { LOOPBACK_SERVICES } from "@/testing/service-client";
import { readRequestErrors, readRequestLog } from "./read-request-log";
import { readRequestFilters } from "./request-filters";

/**
 * Developers → Requests against the real service's request log: the console finds an award's
 * calls by its RequestID, filters by status class, groups the errors, and a key without the keys
 * scope is told so instead of failing.
 */

const service = serveFixtures({ per: "file" });
const connection = (apiKey = KEY): ServiceConnection => ({
  baseUrl: service.base,
  projectGuid: PROJECT,
  apiKey,
  addresses: LOOPBACK_SERVICES,
});
const filters = (values: Record<string, string>) => readRequestFilters(new URLSearchParams(values));

describe("the request log as the Requests page reads it", () => {
  it("finds an award's call by RequestID, the refused ones by status, and groups the errors by route", async () => {
    const customer = `seen-${randomUUID().slice(0, 8)}`;
    const paid = randomUUID();
    const refused = randomUUID();
    await awardTokens(connection(), {
      RequestID: paid,
      CustomerID: customer,
      IsAllowance: true,
      Tokens: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: "1" }],
    });
    await awardTokens(connection(), {
      RequestID: refused,
      CustomerID: customer,
      IsAllowance: true,
      Tokens: [{ Guid: ORPHAN, ContractGuid: GOLD_DB, Amount: "1" }],
    }).catch(() => undefined);
    await listProjectTokens(connection());
    await service.app.requestLog.flush();

    const now = new Date();
    const one = await readRequestLog(connection(), filters({ RequestID: paid }), now);
    if (one.state !== "ok") throw new Error(`the log is ${one.kind}`);
    expect(one.data.entries).toEqual([
      expect.objectContaining({
        Method: "POST",
        Route: "/AwardTokens",
        Status: 200,
        RequestID: paid,
        CustomerID: customer,
      }),
    ]);
    expect(one.data.keptDays).toBeGreaterThan(0);
    expect(JSON.stringify(one)).not.toContain(KEY);

    const failed = await readRequestLog(connection(), filters({ CustomerID: customer, Status: "4xx" }), now);
    if (failed.state !== "ok") throw new Error(`the log is ${failed.kind}`);
    expect(failed.data.entries.map((entry) => [entry.RequestID, entry.isError])).toEqual([[refused, "1"]]);
    expect(failed.data.entries[0]?.Error).not.toBe("");

    const errors = await readRequestErrors(connection(), filters({ Since: "1h" }), now);
    if (errors.state !== "ok") throw new Error(`the errors are ${errors.kind}`);
    const awards = errors.data.routes.find((route) => route.route === "/AwardTokens");
    expect(awards?.count).toBeGreaterThanOrEqual(1);
    expect(awards?.messages.map((m) => m.error)).toContain(failed.data.entries[0]?.Error);
  });

  it("a key without the keys scope gets the page's plain refusal, not a failure", async () => {
    const made = await createKey(connection(), { Name: "reader", Scopes: ["read"], ExpiresAt: "", Caps: [] });
    const read = await readRequestLog(connection(made.Data.Secret), filters({}), new Date());
    expect(read).toMatchObject({
      state: "unavailable",
      kind: "not-allowed",
      message: expect.stringMatching(/keys/),
    });
    expect(await readRequestErrors(connection(made.Data.Secret), filters({}), new Date())).toMatchObject({
      state: "unavailable",
      kind: "not-allowed",
    });
  });
});
