import { describe, expect, it } from "vitest";
import { overviewRange } from "./overview-range";
import { rangeQuery } from "./range-query";

const NOW = new Date("2026-12-07T14:05:00.000Z");
const of = (query: string) => overviewRange(new URLSearchParams(query), NOW);

describe("the overview's period", () => {
  it("is the last 7 days by default, compared with the 7 days before", () => {
    const { range, problem } = of("");
    expect(problem).toBeNull();
    expect([range.key, range.from, range.to, range.days.length]).toEqual([
      "7d",
      "2026-12-01",
      "2026-12-07",
      7,
    ]);
    expect(range.previous).toEqual({
      from: "2026-11-24",
      to: "2026-11-30",
      days: [
        "2026-11-24",
        "2026-11-25",
        "2026-11-26",
        "2026-11-27",
        "2026-11-28",
        "2026-11-29",
        "2026-11-30",
      ],
    });
    expect([range.label, range.previousLabel]).toEqual(["Last 7 days", "the 7 days before"]);
  });

  it("today is one UTC day, compared with yesterday; 30 days with the 30 before", () => {
    const today = of("range=today").range;
    expect([today.from, today.to, today.previous.from, today.label, today.previousLabel]).toEqual([
      "2026-12-07",
      "2026-12-07",
      "2026-12-06",
      "Today",
      "yesterday",
    ]);
    const month = of("range=30d").range;
    expect([month.from, month.previous.from, month.previous.to]).toEqual([
      "2026-11-08",
      "2026-10-09",
      "2026-11-07",
    ]);
  });

  it("a custom period has both days in it, across a month's end, and ends today at the latest", () => {
    const { range } = of("range=custom&from=2026-11-28&to=2026-12-03");
    expect(range.days).toEqual([
      "2026-11-28",
      "2026-11-29",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
    ]);
    expect(range.previous.days).toEqual([
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
    ]);
    expect(range.label).toBe("Nov 28, 2026 – Dec 3, 2026");
    expect(of("range=custom&from=2026-12-01&to=2027-01-31").range.to).toBe("2026-12-07");
    expect(of("range=custom&from=2024-02-29&to=2024-02-29").range.label).toBe("Feb 29, 2024");
  });

  it.each([
    ["range=week", 'The period "week" is none the overview knows'],
    ["range=custom&to=2026-12-01", "Enter the first day of the period (From)"],
    ["range=custom&from=2026-02-30&to=2026-03-01", "Enter the first day of the period (From)"],
    ["range=custom&from=2026-12-01", "Enter the last day of the period (To)"],
    ["range=custom&from=2026-12-05&to=2026-12-01", "must end on or after its first day"],
    ["range=custom&from=2024-01-01&to=2026-12-01", "at most 366 days"],
  ])("%s is refused, naming the rule, and the last 7 days are shown", (query, problem) => {
    const answer = of(query);
    expect(answer.problem).toContain(problem);
    expect(answer.range.key).toBe("7d");
  });

  it("is written back to the same address", () => {
    for (const query of ["range=today", "range=30d", "range=custom&from=2026-11-28&to=2026-12-03"])
      expect(rangeQuery(of(query).range)).toBe(query);
  });
});
