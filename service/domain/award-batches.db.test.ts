import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOLD_DB, PROJECT, testFixture } from "@/testing/service/fixtures";
import { createTestDatabase, expectLedgerBalanced } from "@/testing/service/harness";
import type { ServiceDatabase } from "../db/connection";
import { type AwardCall, decideAward, MAX_BATCH, setExpectWait } from "./award-batches";
import { importFixture } from "./import";
import { rows } from "./sql-rows";

/**
 * Which awards share a batch (service/domain/award-batches.ts, `schedule`; docs/service.md,
 * "Durability"). A client that was answered usually sends its next award, but one that works
 * between an answer and its next request (the console's sender) sends it a little later: the
 * next batch waits for as many awards as the last one answered, for a short time at most.
 */

let database: ServiceDatabase;
let gold: { projectId: number; tokenId: number; contractId: number };

beforeAll(async () => {
  database = await createTestDatabase();
  await importFixture(database.db, testFixture(), { reset: false });
  // A wait as long as the last batch took (tens of milliseconds for MAX_BATCH awards): a busy
  // machine may stretch a few turns of the event loop past the service's 3 ms.
  setExpectWait(database.db, 1_000);
  const [found] = await rows<{ project_id: number; token_id: number; contract_id: number }>(
    database.db,
    sql`select p.id as project_id, c.token_id, c.id as contract_id
          from service.projects p join service.contracts c on c.project_id = p.id and c.guid = ${GOLD_DB}
         where p.guid = ${PROJECT}`,
  );
  if (!found) throw new Error("The fixture has no GOLD contract.");
  gold = { projectId: found.project_id, tokenId: found.token_id, contractId: found.contract_id };
});
afterAll(async () => {
  await expectLedgerBalanced(database.db);
  await database.close();
});

/** One GOLD allowance to a customer of its own. */
const allowance = (customer: string): AwardCall => ({
  projectId: gold.projectId,
  requestId: randomUUID(),
  canonicalBody: customer,
  customer,
  isAllowance: true,
  isMintable: false,
  wallet: "",
  lines: [{ tokenId: gold.tokenId, contractId: gold.contractId, amount: "1" }],
  keyId: null,
  catalogueVersion: null,
});

/**
 * Lets `turns` turns of the event loop pass, as a client's next requests come a few turns after
 * its first: the service's batch without a wait went after two.
 */
const turnsPass = (turns: number) =>
  new Promise<void>((resolve) => {
    let left = turns;
    const turn = () => (left-- <= 0 ? resolve() : setImmediate(turn));
    turn();
  });

/** How many transactions wrote the awards of customers starting with `prefix`. */
async function transactions(prefix: string): Promise<number> {
  const [found] = await rows<{ n: number }>(
    database.db,
    sql`select count(distinct xmin::text)::int as n from service.awards where customer_text like ${`${prefix}%`}`,
  );
  return found?.n ?? 0;
}

const send = (calls: AwardCall[]) => calls.map((call) => decideAward(database.db, call));

describe("award batches", () => {
  it("the batch after a full one waits for as many awards, so late ones share its commit", async () => {
    // A full batch: MAX_BATCH awards submitted at once go in one transaction, and take long
    // enough to decide (well over a millisecond) that the next batch may wait for their successors.
    const first = Array.from({ length: MAX_BATCH }, (_, i) => allowance(`first-${i}`));
    expect((await Promise.all(send(first))).map((r) => r.status)).toEqual(Array(MAX_BATCH).fill("Completed"));
    expect(await transactions("first-")).toBe(1);

    // Their successors: one first, the rest four turns of the event loop later (a fraction of a
    // millisecond). Without the wait the one went alone, in a commit of its own.
    const next = Array.from({ length: MAX_BATCH }, (_, i) => allowance(`next-${i}`));
    const early = send(next.slice(0, 1));
    await turnsPass(4);
    const late = send(next.slice(1));
    expect((await Promise.all([...early, ...late])).map((r) => r.status)).toEqual(
      Array(MAX_BATCH).fill("Completed"),
    );
    expect(await transactions("next-")).toBe(1);
  });

  it("the wait for awards that never come ends, and the batch after expects only what came", async () => {
    const full = Array.from({ length: MAX_BATCH }, (_, i) => allowance(`full-${i}`));
    await Promise.all(send(full));
    // One award where MAX_BATCH were expected: it goes once the wait is over.
    const [lone] = await Promise.all(send([allowance("lone-0")]));
    expect(lone?.status).toBe("Completed");
    // The batch after one award expects one: two awards four turns apart go apart.
    const first = send([allowance("apart-0")]);
    await turnsPass(4);
    const second = send([allowance("apart-1")]);
    await Promise.all([...first, ...second]);
    expect(await transactions("apart-")).toBe(2);
  });
});
