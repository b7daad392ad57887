import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { awardJson } from "@/testing/service/awards-client";
import { GOLD, GOLD_DB, testFixture } from "@/testing/service/fixtures";
import { expectLedgerBalanced, startTestService, type TestService } from "@/testing/service/harness";
import { post } from "@/testing/service/http-client";
import { portOf, RawConnection } from "@/testing/service/raw-http";
import { TEST_LIMITS } from "@/testing/test-limits";
import { importFixture } from "../domain/import";
import { rows } from "../domain/sql-rows";

// Group commit (docs/service.md, "Durability"): awards that arrive while a batch is decided wait
// and go together in one transaction. On PGlite a batch runs in the service's own thread and
// blocks its event loop: the requests that arrive meanwhile are read only once it has finished,
// and each award went alone (one transaction and one sync of the WAL per award) until the next
// batch waited for them (service/domain/award-batches.ts).
let service: TestService;
beforeEach(async () => {
  service = await startTestService();
  await importFixture(service.db, testFixture(), { reset: false });
});
afterEach(async () => {
  await expectLedgerBalanced(service.db);
  await service.stop();
});

/** The transactions that wrote the awards: the rows one transaction writes share its xmin. */
async function awardTransactions(): Promise<number> {
  const [found] = await rows<{ n: number }>(
    service.db,
    sql`select count(distinct xmin::text)::int as n from service.awards where customer_text like 'grouped-%'`,
  );
  return found?.n ?? 0;
}

const GOLD_LINE = [{ token: GOLD, contract: GOLD_DB, amount: "1" }];

const request = (port: number, body: string) =>
  `POST /api/public/AwardTokens HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
  `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;

describe("group commit", () => {
  it("40 awards sent at once by 40 clients are decided in a few transactions, not one each", async () => {
    const port = portOf(service.base);
    // A few awards alone first: the service's first requests are slow (schemas, caches).
    for (let i = 0; i < 3; i += 1)
      await post(
        service.base,
        "/AwardTokens",
        awardJson({ customer: "warm-up", allowance: true, lines: GOLD_LINE }),
      );
    // Every connection open first, then every request written at once: all 40 have arrived
    // before the service reads the first, as when 40 clients send together.
    const connections = Array.from({ length: 40 }, () => new RawConnection(port));
    await Promise.all(connections.map((c) => c.ready()));
    for (const [i, connection] of connections.entries()) {
      const body = awardJson({
        customer: `grouped-${i}`,
        allowance: i % 2 === 0,
        wallet: `w-${i}`,
        lines: GOLD_LINE,
      });
      connection.send(request(port, body));
    }
    const answers = await Promise.all(connections.map((c) => c.answer(TEST_LIMITS.startMs)));
    for (const c of connections) c.close();
    expect(answers.map((a) => [a.status, a.json?.Status])).toEqual(Array(40).fill([200, "Completed"]));
    // Each alone was 40. The service reads them over several turns of its event loop (more on a
    // busy machine), so a few batches, never one per award.
    expect(await awardTransactions()).toBeLessThanOrEqual(20);
  });
});
