import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { awardBatches, awards } from "@/lib/db/schema";
import type { AwardStatus } from "@/lib/model/award-status";
import { createConsoleTestDatabase } from "@/testing/console-database";
import { countStatements } from "@/testing/count-statements";
import { outcomeFigures, tokenSeries, utcDayStart } from "./aggregate";
import { overviewRange } from "./overview-range";
import { readTrailFigures } from "./trail-figures";

const PROJECT = "7d3c1a52-4b8e-4f1a-9c2d-5e6f70819a2b";
const OTHER = "00000000-0000-4000-8000-000000000000";
const GOLD = "1b0e7a10-0001-4a11-8b21-0000000000a1";
const GEM = "1b0e7a10-0002-4a11-8b21-0000000000a2";
const NOW = new Date("2026-11-24T00:30:00Z");
const period = (key: string) => overviewRange(new URLSearchParams(`range=${key}`), NOW).range;

let database: ConsoleDatabase;
let n = 0;

async function award(
  at: string,
  status: AwardStatus,
  lines: [string, string][],
  projectGuid = PROJECT,
  batchId: number | null = null,
) {
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
    batchId,
  });
}

async function batch(fileName: string, projectGuid = PROJECT): Promise<number> {
  const [row] = await database.db
    .insert(awardBatches)
    .values({
      fileName,
      fileSha256: fileName,
      connection: "env",
      baseUrl: "http://service.test/api/public",
      projectGuid,
      actorEmail: "max@studio.test",
      reason: "test",
      rowCount: 0,
      status: "sending",
    })
    .returning({ id: awardBatches.id });
  if (!row) throw new Error("no batch");
  return row.id;
}

/** The trail's figures as the overview reads them: counts over 7 days, amounts over 30. */
const figuresOf = (projectGuid: string, limits = { batches: 5, latest: 8 }) =>
  readTrailFigures(
    database.db,
    projectGuid,
    { counts: utcDayStart(NOW, 6), amounts: utcDayStart(NOW, 29) },
    limits,
  );

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
    const rows = (await figuresOf(PROJECT)).counts;
    expect(rows.toSorted((a, b) => a.day.localeCompare(b.day) || a.status.localeCompare(b.status))).toEqual([
      { day: "2026-11-18", status: "unknown", count: 1 },
      { day: "2026-11-23", status: "completed", count: 1 },
      { day: "2026-11-24", status: "completed", count: 1 },
      { day: "2026-11-24", status: "failed", count: 1 },
    ]);
    expect(outcomeFigures(rows, period("today")).current.completed).toBe(1);
    expect(outcomeFigures(rows, period("7d")).current.unknown).toBe(1);
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
    const rows = (await figuresOf(PROJECT)).amounts;
    const series = tokenSeries(rows, new Map([[GOLD, "GOLD"]]), period("30d"));
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
    const { batches } = await figuresOf(PROJECT);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.fileName).toBe("prizes.csv");
    expect(batches[0]?.counts.total).toBe(0);
    expect(batches[0]?.createdAt).toBe(batch?.createdAt.toISOString());
    expect((await figuresOf(OTHER)).batches).toEqual([]);
  });

  it("are read in one statement: counts, amounts, the batches with their rows counted, the latest awards", async () => {
    const first = await batch("first.csv");
    const second = await batch("second.csv");
    const third = await batch("third.csv");
    await batch("elsewhere.csv", OTHER);
    await award("2026-11-24T00:01:00Z", "completed", [[GOLD, "1.5"]], PROJECT, first);
    await award("2026-11-24T00:02:00Z", "failed", [[GOLD, "2"]], PROJECT, first);
    await award("2026-11-24T00:03:00Z", "completed", [[GEM, "0.000000000000000001"]], PROJECT, second);
    await award("2026-11-23T12:00:00.123Z", "queued", [[GOLD, "3"]]);
    await award("2026-11-24T00:04:00Z", "completed", [[GOLD, "9"]], OTHER);
    const since = { counts: utcDayStart(NOW, 6), amounts: utcDayStart(NOW, 29) };

    const statements = countStatements(database.db);
    const figures = await readTrailFigures(database.db, PROJECT, since, { batches: 2, latest: 3 });
    statements.stop();
    expect(statements.count()).toBe(1);

    expect(figures.counts).toHaveLength(3);
    expect(figures.counts).toContainEqual({ day: "2026-11-24", status: "completed", count: 2 });
    expect(figures.amounts).toContainEqual({
      day: "2026-11-24",
      token: GEM,
      status: "completed",
      amount: "0.000000000000000001",
    });
    // The newest two batches of the project, newest first, each with its rows counted.
    expect(figures.batches.map((b) => [b.id, b.counts.total, b.counts.completed])).toEqual([
      [third, 0, 0],
      [second, 1, 1],
    ]);
    // The latest three awards of the project, newest first, with the trail's own values.
    expect(figures.latest).toEqual([
      expect.objectContaining({
        status: "completed",
        batchId: second,
        isAllowance: true,
        createdAt: new Date("2026-11-24T00:03:00Z"),
      }),
      expect.objectContaining({ status: "failed", batchId: first }),
      expect.objectContaining({
        status: "completed",
        batchId: first,
        lines: [{ Guid: GOLD, ContractGuid: GOLD, Amount: "1.5" }],
      }),
    ]);
    expect(figures.latest.map((a) => a.createdAt.toISOString())).toEqual([
      "2026-11-24T00:03:00.000Z",
      "2026-11-24T00:02:00.000Z",
      "2026-11-24T00:01:00.000Z",
    ]);
  });

  it("of a project with nothing yet are empty, in one statement", async () => {
    const statements = countStatements(database.db);
    const figures = await readTrailFigures(
      database.db,
      PROJECT,
      { counts: utcDayStart(NOW, 6), amounts: utcDayStart(NOW, 29) },
      { batches: 5, latest: 8 },
    );
    statements.stop();
    expect(statements.count()).toBe(1);
    expect(figures).toEqual({ counts: [], amounts: [], batches: [], latest: [] });
  });
});
