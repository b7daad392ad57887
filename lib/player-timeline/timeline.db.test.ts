import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AuditActor } from "@/lib/audit/audit-log";
import { createUser } from "@/lib/auth/users";
import { markSent, recordAward, recordOutcome } from "@/lib/awards/lifecycle/single-award";
import type { ServiceConnection } from "@/lib/client/call-service";
import type { ConsoleDatabase } from "@/lib/db/connection";
import type { TimelineEntry } from "@/lib/model/player-timeline";
import { addNote } from "@/lib/player-notes/notes";
import { createConsoleTestDatabase } from "@/testing/console-database";
import { awardJson } from "@/testing/service/awards-client";
import { serveFixtures } from "@/testing/service/fixture-service";
import { GOLD, GOLD_DB, KEY, PROJECT } from "@/testing/service/fixtures";
import { post } from "@/testing/service/http-client";
import { LOOPBACK_SERVICES } from "@/testing/service-client";
import { readTimeline } from "./timeline";

/**
 * A player's timeline (docs/console.md, "A player's timeline"): the console's own lines and the
 * service's calls, merged newest first, filtered by kind, paged by one cursor — 1,000 entries
 * page by page, each once and in order.
 */
const service = serveFixtures({ per: "file" });
const connection = (): ServiceConnection => ({
  baseUrl: service.base,
  projectGuid: PROJECT,
  apiKey: KEY,
  addresses: LOOPBACK_SERVICES,
});

let database: ConsoleDatabase;
let actor: AuditActor;
beforeEach(async () => {
  database = await createConsoleTestDatabase();
  const user = await createUser(database.db, {
    email: "sue@studio.test",
    role: "support",
    password: "long enough pw",
  });
  actor = { id: user.id, email: user.email, client: "test", userAgent: "test" };
});
afterEach(async () => {
  await database.close();
});

/** Every entry, page after page of `limit`. */
async function everyPage(customerId: string, kinds: string[], limit: number): Promise<TimelineEntry[]> {
  const entries: TimelineEntry[] = [];
  let cursor = "";
  for (let page = 0; page < 1000; page += 1) {
    const answer = await readTimeline(database.db, connection(), customerId, {
      kinds: kinds as never,
      cursor,
      limit,
    });
    expect(answer.entries.length).toBeLessThanOrEqual(limit);
    entries.push(...answer.entries);
    cursor = answer.nextCursor;
    if (cursor === "") return entries;
  }
  throw new Error("too many pages");
}

const award = (customerId: string) => ({
  requestId: randomUUID(),
  connection: "env",
  baseUrl: service.base,
  projectGuid: PROJECT,
  actorId: actor.id as number,
  actorEmail: "max@studio.test",
  customerId,
  isAllowance: true,
  isMintable: false,
  wallet: "",
  lines: [{ Guid: GOLD.toLowerCase(), ContractGuid: GOLD_DB.toLowerCase(), Amount: "2" }],
  reason: "Timeline",
});

describe("a player's timeline", () => {
  it("merges the trail, notes and the service's calls newest first; filters by kind; names who", async () => {
    const customerId = `timeline-${randomUUID().slice(0, 8)}`;
    const sent = await recordAward(database.db, award(customerId));
    await markSent(database.db, sent.id, "max@studio.test");
    await recordOutcome(database.db, sent.id, { status: "completed", detail: "Completed." });
    await addNote(
      database.db,
      { projectGuid: PROJECT, project: "P", customerId },
      { text: "Called.", tag: null, pinned: false },
      actor,
    );
    const call = await post(
      service.base,
      "/AwardTokens",
      awardJson({
        customer: customerId,
        allowance: true,
        lines: [{ token: GOLD, contract: GOLD_DB, amount: "1" }],
      }),
    );
    expect(call.status).toBe(200);
    await service.app.requestLog.flush();
    // Another player's lines are not this player's.
    await recordAward(database.db, award(`${customerId}-other`));

    const all = await everyPage(customerId, ["award", "bulk", "approval", "reversal", "note", "call"], 50);
    expect(all.map((entry) => [entry.kind, entry.title, entry.who])).toEqual([
      ["call", "POST /AwardTokens · 200", KEY.slice(0, all[0]?.who.length ?? 0)],
      ["note", "Note", "sue@studio.test"],
      ["award", "Outcome · completed", ""],
      ["award", "Sent", "max@studio.test"],
      ["award", "Created", "max@studio.test"],
    ]);
    expect(all[2]?.requestId).toBe(sent.requestId);
    const times = all.map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());
    expect((await everyPage(customerId, ["note"], 50)).map((entry) => entry.kind)).toEqual(["note"]);
    expect((await everyPage(customerId, ["award"], 50)).map((entry) => entry.kind)).toEqual([
      "award",
      "award",
      "award",
    ]);
  });

  it("pages a 1,000-entry timeline: every entry once, in order, whatever the page size", async () => {
    const customerId = `long-${randomUUID().slice(0, 8)}`;
    // 250 awards of 3 lines each (created, sent, outcome) and 250 notes: 1,000 lines.
    for (let i = 0; i < 250; i += 1) {
      const row = await recordAward(database.db, award(customerId));
      await markSent(database.db, row.id, "max@studio.test");
      await recordOutcome(database.db, row.id, { status: "completed", detail: `Completed ${i}.` });
    }
    await database.db.execute(sql`
      insert into console.player_notes (project_guid, customer_id, author_email, text)
      select ${PROJECT.toLowerCase()}, ${customerId}, 'sue@studio.test', 'Note ' || i from generate_series(1, 250) i`);
    const kinds = ["award", "bulk", "approval", "reversal", "note"];
    const whole = await everyPage(customerId, kinds, 200);
    expect(whole).toHaveLength(1000);
    expect(new Set(whole.map((entry) => entry.id)).size).toBe(1000);
    for (const size of [50, 77])
      expect((await everyPage(customerId, kinds, size)).map((e) => e.id)).toEqual(whole.map((e) => e.id));
  });
});
