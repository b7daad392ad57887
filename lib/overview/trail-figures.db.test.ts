import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { awardBatches, awards } from "@/lib/db/schema";
import type { AwardStatus } from "@/lib/model/award-status";
import { createConsoleTestDatabase } from "@/testing/console-database";
import { outcomeFigures, tokenSeries, utcDayStart } from "./aggregate";
import { recentBatches, statusCounts, tokenDayAmounts } from "./trail-figures";

const PROJECT = "7d3c1a52-4b8e-4f1a-9c2d-5e6f70819a2b";
const OTHER = "00000000-0000-4000-8000-000000000000";
const GOLD = "1b0e7a10-0001-4a11-8b21-0000000000a1";
const GEM = "1b0e7a10-0002-4a11-8b21-0000000000a2";
const NOW = new Date("2026-11-24T00:30:00Z");

let database: ConsoleDatabase;
let n = 0;

async function award(at: string, status: AwardStatus, lines: [string, string][], projectGuid = PROJECT) {
  n += 1;
  await database.db.insert(awards).values({
    requestId: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    connection: "env",
    baseUrl: "http://service.test/api/public",
    projectGuid,
    actorEmail: "max@studio.test",
    customerId: `player-${n}`,
    isAllowance: true,
    lines: lines.map(([Guid, Amount]) => ({ Guid, ContractGuid: Guid, Amount })),
    reason: "test",
    status,
    createdAt: new Date(at),
  });
}

beforeEach(async () => {
  database = await createConsoleTestDatabase();
});
afterEach(async () => {
  await database.close();
});

describe("the overview's trail reads", () => {
  it("count per UTC day and status, only this project, only since the start", async () => {
    await award("2026-11-24T00:00:00Z", "completed", [[GOLD, "1"]]);
    await award("2026-11-24T00:10:00Z", "failed", [[GOLD, "1"]]);
    await award("2026-11-23T23:59:59.999Z", "completed", [[GOLD, "1"]]);
    await award("2026-11-18T00:00:00Z", "unknown", [[GOLD, "1"]]);
    await award("2026-11-17T23:59:59Z", "unknown", [[GOLD, "1"]]);
    await award("2026-11-24T00:05:00Z", "completed", [[GOLD, "1"]], OTHER);
    const rows = await statusCounts(database.db, PROJECT, utcDayStart(NOW, 6));
    expect(rows.toSorted((a, b) => a.day.localeCompare(b.day) || a.status.localeCompare(b.status))).toEqual([
      { day: "2026-11-18", status: "unknown", count: 1 },
      { day: "2026-11-23", status: "completed", count: 1 },
      { day: "2026-11-24", status: "completed", count: 1 },
      { day: "2026-11-24", status: "failed", count: 1 },
    ]);
    const { today, week } = outcomeFigures(rows, NOW);
    expect(today.completed).toBe(1);
    expect(week.unknown).toBe(1);
  });

  it("sum each token's lines exactly per UTC day, awarded statuses only", async () => {
    await award("2026-11-24T00:01:00Z", "completed", [
      [GOLD, "1234567.000000000000000001"],
      [GEM, "2"],
    ]);
    // The trail stores GUIDs lower-cased only (migration 0009), so no spelling splits a token.
    await award("2026-11-24T00:02:00Z", "accepted", [[GOLD, "0.100000000000000002"]]);
    await award("2026-11-24T00:03:00Z", "queued", [[GOLD, "500"]]);
    await award("2026-11-24T00:04:00Z", "failed", [[GOLD, "500"]]);
    await award("2026-11-23T12:00:00Z", "completed", [[GOLD, "0.5"]]);
    const rows = await tokenDayAmounts(database.db, PROJECT, utcDayStart(NOW, 29));
    const series = tokenSeries(rows, new Map([[GOLD, "GOLD"]]), NOW);
    const gold = series.find((s) => s.symbol === "GOLD");
    expect(gold?.days.at(-1)?.amount).toBe("1234567.100000000000000003");
    expect(gold?.days.at(-2)?.amount).toBe("0.5");
    expect(gold?.total).toBe("1234567.600000000000000003");
    expect(series.find((s) => s.token === GEM)?.total).toBe("2");
  });

  it("list the newest bulk batches of the project with their counts", async () => {
    const [batch] = await database.db
      .insert(awardBatches)
      .values({
        fileName: "prizes.csv",
        fileSha256: "ab",
        connection: "env",
        baseUrl: "http://service.test/api/public",
        projectGuid: PROJECT,
        actorEmail: "max@studio.test",
        reason: "test",
        rowCount: 0,
        status: "sending",
      })
      .returning();
    expect(batch).toBeDefined();
    const batches = await recentBatches(database.db, PROJECT, 5);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.fileName).toBe("prizes.csv");
    expect(batches[0]?.counts.total).toBe(0);
    expect(await recentBatches(database.db, OTHER, 5)).toEqual([]);
  });
});
