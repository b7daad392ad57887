import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/users";
import type { ConsoleDatabase, ConsoleDb } from "@/lib/db/connection";
import { awards, reversals } from "@/lib/db/schema";
import type { AwardStatus } from "@/lib/model/award-status";
import { createConsoleTestDatabase } from "@/testing/console-database";
import { GOLD, GOLD_DB, PROJECT } from "@/testing/service/fixtures";
import { awardTimeline, findAwardById } from "../trail";
import { markReversalSent, type NewReversal, recordReversalOutcome, writeReversal } from "./reversals";
import { markSent, recordAward, recordOutcome } from "./single-award";

/**
 * A reversal's part of the award lifecycle on a real database (docs/console.md, "Reversals"): the
 * trail holds it before it is sent, a retry is the same reversal, another body under its
 * ReversalID is refused, and the award's status follows only what the service did.
 */

let database: ConsoleDatabase;
let db: ConsoleDb;
let actorId: number;
beforeEach(async () => {
  database = await createConsoleTestDatabase();
  db = database.db;
  actorId = (await createUser(db, { email: "max@studio.test", role: "manager", password: "long enough pw" }))
    .id;
});
afterEach(async () => {
  await database.close();
});

async function awardIn(status: AwardStatus) {
  const record = await recordAward(db, {
    requestId: randomUUID(),
    connection: "env",
    baseUrl: "http://127.0.0.1:9",
    projectGuid: PROJECT,
    actorId,
    actorEmail: "max@studio.test",
    customerId: `undo-${randomUUID().slice(0, 8)}`,
    isAllowance: true,
    isMintable: false,
    wallet: "",
    lines: [{ Guid: GOLD.toLowerCase(), ContractGuid: GOLD_DB.toLowerCase(), Amount: "2" }],
    reason: "Lifecycle",
  });
  await markSent(db, record.id, "max@studio.test");
  if (status !== "sending") await recordOutcome(db, record.id, { status, detail: status });
  return record;
}

const reversalOf = (awardId: number, reason = "Typo", amount = "1.5"): NewReversal => ({
  reversalId: randomUUID().toUpperCase(),
  awardId,
  connection: "env",
  baseUrl: "http://127.0.0.1:9",
  projectGuid: PROJECT,
  actorId,
  actorEmail: "max@studio.test",
  reason,
  lines: [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: amount }],
});

const write = (reversal: NewReversal, requestId: string) =>
  db.transaction((tx) => writeReversal(tx as unknown as ConsoleDb, reversal, "sending", requestId));

describe("reversals in the award lifecycle", () => {
  it("is written before it is sent; the same ReversalID and body is the same reversal, another body is refused", async () => {
    const award = await awardIn("completed");
    const given = reversalOf(award.id);
    const first = await write(given, award.requestId);
    expect(first.created).toBe(true);
    expect(first.record).toMatchObject({
      status: "sending",
      reversalId: given.reversalId.toLowerCase(),
      attempts: 0,
    });
    // GUIDs in any case and an amount written otherwise are the same reversal.
    const again = await write(
      {
        ...given,
        reversalId: given.reversalId.toLowerCase(),
        lines: [{ Guid: GOLD.toLowerCase(), ContractGuid: GOLD_DB, Amount: "1.50" }],
      },
      award.requestId,
    );
    expect(again).toMatchObject({ created: false, record: { id: first.record.id } });
    await expect(write({ ...given, reason: "Another reason" }, award.requestId)).rejects.toThrow(
      /was already used for another reversal/,
    );
  });

  it("done: the award takes the service's state and its timeline says what was taken; refused or lost: the award is unchanged", async () => {
    const award = await awardIn("completed");
    const { record } = await write(reversalOf(award.id), award.requestId);
    expect(await markReversalSent(db, record.id, "max@studio.test")).toBe(1);
    await recordReversalOutcome(db, record.id, {
      status: "unknown",
      error: "lost",
      detail: "Reversal outcome unknown.",
    });
    expect((await findAwardById(db, award.id))?.status).toBe("completed");
    // Retry: attempt 2, then the service's answer.
    expect(await markReversalSent(db, record.id, "max@studio.test")).toBe(2);
    const taken = [{ Guid: GOLD, ContractGuid: GOLD_DB, Amount: "1.5" }];
    await recordReversalOutcome(db, record.id, {
      status: "done",
      answer: {
        state: "PartlyReversed",
        taken,
        remaining: [{ ...taken[0], Amount: "0.5" }] as typeof taken,
        settled: [],
      },
      detail: "Partly reversed: 1.5 GOLD taken back.",
    });
    expect((await findAwardById(db, award.id))?.status).toBe("partly-reversed");
    const [stored] = await db.select().from(reversals).where(eq(reversals.id, record.id));
    expect(stored).toMatchObject({ status: "done", attempts: 2, outcome: { state: "PartlyReversed" } });
    const timeline = (await awardTimeline(db, award.id))
      .filter((e) => e.kind === "reversal")
      .map((e) => e.detail);
    expect(timeline).toEqual([
      `Reversal written: Typo (ReversalID ${record.reversalId}).`,
      `Reversal sent (ReversalID ${record.reversalId}).`,
      "Reversal outcome unknown.",
      `Reversal retried: attempt 2, same ReversalID ${record.reversalId} and body.`,
      "Partly reversed: 1.5 GOLD taken back.",
    ]);
    // A done reversal is not sent again.
    await expect(markReversalSent(db, record.id, "max@studio.test")).rejects.toThrow(
      /is done: it cannot be sent/,
    );
  });

  it("a queued award cancelled is 'cancelled'; a failed award is never moved by a reversal's answer", async () => {
    const queued = await awardIn("queued");
    const cancel = (await write(reversalOf(queued.id), queued.requestId)).record;
    await markReversalSent(db, cancel.id, "max@studio.test");
    await recordReversalOutcome(db, cancel.id, {
      status: "done",
      answer: { state: "Cancelled", taken: [], remaining: [], settled: [] },
      detail: "Cancelled.",
    });
    expect((await findAwardById(db, queued.id))?.status).toBe("cancelled");

    const failed = await awardIn("failed");
    const odd = (await write(reversalOf(failed.id), failed.requestId)).record;
    await markReversalSent(db, odd.id, "max@studio.test");
    await recordReversalOutcome(db, odd.id, {
      status: "done",
      answer: { state: "Reversed", taken: [], remaining: [], settled: [] },
      detail: "Reversed.",
    });
    // The transitions table does not let "reverse" start from failed: the award stays as it was.
    const [row] = await db.select({ status: awards.status }).from(awards).where(eq(awards.id, failed.id));
    expect(row?.status).toBe("failed");
  });
});
