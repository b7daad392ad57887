import { describe, expect, it } from "vitest";
import { AWARD_STATUSES } from "@/lib/model/award-status";
import {
  OUTCOME_OF,
  OUTCOMES,
  outcomeFigures,
  type StatusCountRow,
  type TokenDayRow,
  tokenSeries,
  utcDay,
  utcDayStart,
} from "./aggregate";
import { overviewRange } from "./overview-range";

// Just after midnight UTC: in UTC-5 it is still the day before, so a local-time slip shows.
const NOW = new Date("2026-11-24T00:30:00Z");
const period = (key: string) => overviewRange(new URLSearchParams(`range=${key}`), NOW).range;

describe("UTC days", () => {
  it("cuts days at midnight UTC", () => {
    expect(utcDay(new Date("2026-11-23T23:59:59.999Z"))).toBe("2026-11-23");
    expect(utcDay(new Date("2026-11-24T00:00:00Z"))).toBe("2026-11-24");
    expect(utcDayStart(NOW).toISOString()).toBe("2026-11-24T00:00:00.000Z");
    expect(utcDayStart(NOW, 29).toISOString()).toBe("2026-10-26T00:00:00.000Z");
  });

  it("lists a period oldest first across a month end", () => {
    const { range } = overviewRange(new URLSearchParams("range=custom&from=2026-02-27&to=2026-03-02"), NOW);
    expect(range.days).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(period("30d").days[0]).toBe("2026-10-26");
  });
});

describe("outcomes", () => {
  it("maps every trail status, and keeps accepted apart from completed and unknown", () => {
    for (const status of AWARD_STATUSES) expect(OUTCOMES).toContain(OUTCOME_OF[status]);
    expect(OUTCOME_OF.accepted).toBe("accepted");
    expect(OUTCOME_OF.unknown).toBe("unknown");
    expect(OUTCOME_OF.pending).toBe("in-progress");
    expect(OUTCOME_OF.sending).toBe("in-progress");
    expect(OUTCOME_OF["awaiting-approval"]).toBe("awaiting-approval");
    for (const stopped of ["rejected", "withdrawn", "expired"] as const)
      expect(OUTCOME_OF[stopped]).toBe("not-sent");
    for (const undone of ["cancelled", "partly-reversed", "reversed"] as const)
      expect(OUTCOME_OF[undone]).toBe("reversed");
  });

  it("counts the period and the one before it, and nothing older", () => {
    const rows: StatusCountRow[] = [
      { day: "2026-11-24", status: "completed", count: 2 },
      { day: "2026-11-24", status: "pending", count: 1 },
      { day: "2026-11-24", status: "sending", count: 3 },
      { day: "2026-11-23", status: "completed", count: 5 },
      { day: "2026-11-18", status: "failed", count: 1 },
      { day: "2026-11-17", status: "failed", count: 100 },
      { day: "2026-11-20", status: "unknown", count: 4 },
      { day: "2026-11-21", status: "queued", count: 6 },
      { day: "2026-11-22", status: "accepted", count: 7 },
      { day: "2026-11-24", status: "awaiting-approval", count: 1 },
      { day: "2026-11-22", status: "rejected", count: 2 },
      { day: "2026-11-21", status: "expired", count: 1 },
      { day: "2026-11-24", status: "partly-reversed", count: 1 },
      { day: "2026-11-19", status: "cancelled", count: 2 },
      // Before the 7 days before the last 7: in neither.
      { day: "2026-11-10", status: "completed", count: 1000 },
    ];
    const today = outcomeFigures(rows, period("today"));
    expect(today.current).toEqual({
      completed: 2,
      accepted: 0,
      queued: 0,
      failed: 0,
      unknown: 0,
      "in-progress": 4,
      "awaiting-approval": 1,
      "not-sent": 0,
      reversed: 1,
    });
    // Yesterday.
    expect(today.previous.completed).toBe(5);
    const week = outcomeFigures(rows, period("7d"));
    expect(week.current).toEqual({
      completed: 7,
      accepted: 7,
      queued: 6,
      failed: 1,
      unknown: 4,
      "in-progress": 4,
      "awaiting-approval": 1,
      "not-sent": 3,
      reversed: 3,
    });
    // The 7 days before: 2026-11-11 to 2026-11-17.
    expect(week.previous.failed).toBe(100);
    expect(week.previous.completed).toBe(0);
  });
});

describe("tokens per day", () => {
  const GOLD = "1B0E7A10-0001-4A11-8B21-0000000000A1";
  const gold = GOLD.toLowerCase();
  const gem = "1b0e7a10-0002-4a11-8b21-0000000000a2";
  const symbols = new Map([
    [gem, "GEM"],
    [gold, "GOLD"],
  ]);

  it("sums exactly, canonically, only what was awarded, per UTC day", () => {
    const rows: TokenDayRow[] = [
      // Two statuses on one day, digits a double would lose.
      { day: "2026-11-24", token: GOLD, status: "completed", amount: "1234567.000000000000000001" },
      { day: "2026-11-24", token: gold, status: "accepted", amount: "0.100000000000000002" },
      { day: "2026-11-24", token: gold, status: "queued", amount: "1000" },
      { day: "2026-11-24", token: gold, status: "failed", amount: "1000" },
      { day: "2026-11-24", token: gold, status: "unknown", amount: "1000" },
      { day: "2026-11-23", token: gold, status: "completed", amount: "0.10" },
      { day: "2026-11-23", token: gold, status: "completed", amount: "0.20" },
      // The 30 days before: counted as the previous total only.
      { day: "2026-10-25", token: gold, status: "completed", amount: "9" },
      { day: "2026-09-26", token: gold, status: "completed", amount: "0.5" },
      // Before both.
      { day: "2026-09-25", token: gold, status: "completed", amount: "1000" },
    ];
    const [series, ...others] = tokenSeries(rows, symbols, period("30d"));
    expect(others).toEqual([]);
    expect(series?.symbol).toBe("GOLD");
    expect(series?.token).toBe(gold);
    expect(series?.days).toHaveLength(30);
    expect(series?.days.at(-1)).toEqual({ day: "2026-11-24", amount: "1234567.100000000000000003" });
    expect(series?.days.at(-2)).toEqual({ day: "2026-11-23", amount: "0.3" });
    expect(series?.days[0]).toEqual({ day: "2026-10-26", amount: "0" });
    expect(series?.total).toBe("1234567.400000000000000003");
    expect(series?.previous).toBe("9.5");
  });

  it("orders series as the project lists its tokens, unknown tokens last", () => {
    const rows: TokenDayRow[] = [
      { day: "2026-11-20", token: "ffffffff-0000-0000-0000-000000000000", status: "completed", amount: "1" },
      { day: "2026-11-20", token: gold, status: "completed", amount: "1" },
      { day: "2026-11-21", token: gem, status: "accepted", amount: "2.5" },
    ];
    const series = tokenSeries(rows, symbols, period("30d"));
    expect(series.map((s) => s.symbol)).toEqual(["GEM", "GOLD", "ffffffff"]);
    expect(series[0]?.total).toBe("2.5");
  });

  it("has no series for a token with nothing awarded", () => {
    expect(
      tokenSeries(
        [{ day: "2026-11-24", token: gold, status: "failed", amount: "5" }],
        symbols,
        period("30d"),
      ),
    ).toEqual([]);
  });
});
