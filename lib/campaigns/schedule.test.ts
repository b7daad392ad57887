import { describe, expect, it } from "vitest";
import { type CampaignSchedule, dueOccurrence, occurrenceAt, occurrencesAfter } from "./schedule";
import { instantOf, isTimeZone } from "./zoned-time";

/** Campaign schedules (docs/console.md, "Campaigns"): DST, month ends, ends, missed occurrences. */

const wall = (text: string) => {
  const [date = "", time = "00:00"] = text.split(" ");
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return { year, month, day, hour, minute };
};
const iso = (d: Date | undefined) => d?.toISOString().slice(0, 16);
const ats = (schedule: CampaignSchedule, n: number) =>
  Array.from({ length: n }, (_, i) => iso(occurrenceAt(schedule, i)?.at));

describe("wall times in a zone", () => {
  it("knows IANA zones and refuses others", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });

  it("a wall time that happens twice (clocks back) is the first; one that does not (clocks forward) is the gap's length later", () => {
    // Berlin, 25 October 2026: 03:00 CEST becomes 02:00 CET, so 02:30 happens twice.
    expect(new Date(instantOf(wall("2026-10-25 02:30"), "Europe/Berlin")).toISOString()).toBe(
      "2026-10-25T00:30:00.000Z",
    );
    // Berlin, 28 March 2027: 02:00 CET becomes 03:00 CEST, so 02:30 does not happen: 03:30 CEST.
    expect(new Date(instantOf(wall("2027-03-28 02:30"), "Europe/Berlin")).toISOString()).toBe(
      "2027-03-28T01:30:00.000Z",
    );
    // New York, 8 March 2026: 02:00 EST becomes 03:00 EDT.
    expect(new Date(instantOf(wall("2026-03-08 02:15"), "America/New_York")).toISOString()).toBe(
      "2026-03-08T07:15:00.000Z",
    );
  });
});

describe("occurrences", () => {
  it("weekly at 18:00 Berlin stays 18:00 for people there across the autumn clock change", () => {
    const weekly: CampaignSchedule = {
      repeat: "weekly",
      start: wall("2026-10-19 18:00"),
      timeZone: "Europe/Berlin",
    };
    expect(ats(weekly, 3)).toEqual(["2026-10-19T16:00", "2026-10-26T17:00", "2026-11-02T17:00"]);
    expect(occurrenceAt(weekly, 1)?.wall).toEqual(wall("2026-10-26 18:00"));
  });

  it("daily at 02:30 Berlin: the spring-forward night's is 03:30 summer time, the next night's 02:30 again", () => {
    const daily: CampaignSchedule = {
      repeat: "daily",
      start: wall("2027-03-27 02:30"),
      timeZone: "Europe/Berlin",
    };
    expect(ats(daily, 3)).toEqual(["2027-03-27T01:30", "2027-03-28T01:30", "2027-03-29T00:30"]);
  });

  it("monthly on the 31st is the last day of shorter months, and the 31st again after them", () => {
    const monthly: CampaignSchedule = { repeat: "monthly", start: wall("2027-01-31 09:00"), timeZone: "UTC" };
    expect(ats(monthly, 6)).toEqual([
      "2027-01-31T09:00",
      "2027-02-28T09:00",
      "2027-03-31T09:00",
      "2027-04-30T09:00",
      "2027-05-31T09:00",
      "2027-06-30T09:00",
    ]);
    // A leap year's February.
    expect(iso(occurrenceAt({ ...monthly, start: wall("2028-01-31 09:00") }, 1)?.at)).toBe(
      "2028-02-29T09:00",
    );
  });

  it("every two weeks; a count or an end time stops it; once is once", () => {
    const fortnightly: CampaignSchedule = {
      repeat: "weekly",
      every: 2,
      start: wall("2026-12-07 12:00"),
      timeZone: "America/New_York",
      count: 3,
    };
    expect(ats(fortnightly, 4)).toEqual([
      "2026-12-07T17:00",
      "2026-12-21T17:00",
      "2027-01-04T17:00",
      undefined,
    ]);
    const until: CampaignSchedule = {
      repeat: "daily",
      start: wall("2026-12-01 08:00"),
      timeZone: "UTC",
      until: wall("2026-12-03 08:00"),
    };
    expect(ats(until, 4)).toEqual(["2026-12-01T08:00", "2026-12-02T08:00", "2026-12-03T08:00", undefined]);
    const once: CampaignSchedule = {
      repeat: "once",
      start: wall("2026-12-24 18:00"),
      timeZone: "Europe/Berlin",
    };
    expect(ats(once, 2)).toEqual(["2026-12-24T17:00", undefined]);
  });

  it("previews the next five after a time, years into a daily schedule too", () => {
    const daily: CampaignSchedule = {
      repeat: "daily",
      start: wall("2020-01-01 06:00"),
      timeZone: "Europe/Berlin",
    };
    const next = occurrencesAfter(daily, new Date("2026-12-07T10:00:00Z"), 5);
    expect(next.map((o) => iso(o.at))).toEqual([
      "2026-12-08T05:00",
      "2026-12-09T05:00",
      "2026-12-10T05:00",
      "2026-12-11T05:00",
      "2026-12-12T05:00",
    ]);
    // Its index names it for ever: the number of days since the first.
    expect(next[0]?.index).toBe(2533);
  });
});

describe("missed occurrences", () => {
  const daily: CampaignSchedule = { repeat: "daily", start: wall("2026-12-01 18:00"), timeZone: "UTC" };

  it("after downtime the newest due one runs once, late, the older ones counted as skipped", () => {
    const due = dueOccurrence(daily, 2, new Date("2026-12-10T19:30:00Z"));
    expect(due?.occurrence.index).toBe(9);
    expect(iso(due?.occurrence.at)).toBe("2026-12-10T18:00");
    expect(due?.skipped).toBe(6);
    expect(due?.lateMs).toBe(90 * 60_000);
    // Once it ran, nothing more is due until the next one's time.
    expect(dueOccurrence(daily, 9, new Date("2026-12-10T23:59:00Z"))).toBeNull();
    expect(dueOccurrence(daily, 9, new Date("2026-12-11T18:00:00Z"))?.occurrence.index).toBe(10);
  });

  it("nothing is due before the first, and the first is due at its time", () => {
    expect(dueOccurrence(daily, null, new Date("2026-12-01T17:59:59Z"))).toBeNull();
    expect(dueOccurrence(daily, null, new Date("2026-12-01T18:00:00Z"))).toMatchObject({
      skipped: 0,
      lateMs: 0,
    });
  });

  it("a schedule that ended while the console was down runs its last occurrence once", () => {
    const three: CampaignSchedule = { ...daily, count: 3 };
    const due = dueOccurrence(three, null, new Date("2027-01-15T00:00:00Z"));
    expect(due?.occurrence.index).toBe(2);
    expect(due?.skipped).toBe(2);
    expect(dueOccurrence(three, 2, new Date("2027-01-15T00:00:00Z"))).toBeNull();
  });
});

describe("weekly on several days (an RRULE's BYDAY)", () => {
  const fortnightly: CampaignSchedule = {
    repeat: "weekly",
    start: wall("2030-01-09 09:00"), // a Wednesday
    timeZone: "Europe/Berlin",
    every: 2,
    weekdays: [1, 3, 5],
    count: 7,
  };

  it("the start's week from the start's day, then each day of every other week; a count stops it", () => {
    expect(ats(fortnightly, 8)).toEqual([
      "2030-01-09T08:00",
      "2030-01-11T08:00",
      "2030-01-21T08:00",
      "2030-01-23T08:00",
      "2030-01-25T08:00",
      "2030-02-04T08:00",
      "2030-02-06T08:00",
      undefined,
    ]);
  });

  it("Monday and Friday at 09:00 Berlin stay 09:00 across the spring clock change", () => {
    const schedule: CampaignSchedule = {
      repeat: "weekly",
      start: wall("2030-03-25 09:00"),
      timeZone: "Europe/Berlin",
      weekdays: [1, 5],
    };
    expect(ats(schedule, 4)).toEqual([
      "2030-03-25T08:00",
      "2030-03-29T08:00",
      "2030-04-01T07:00",
      "2030-04-05T07:00",
    ]);
  });

  it("at any time, the preview and the scheduler find the same occurrences as counting from the first", () => {
    const schedules: CampaignSchedule[] = [
      { ...fortnightly, count: null, weekdays: [2, 3, 6, 7] },
      { ...fortnightly, start: wall("2030-01-12 09:00"), count: null, weekdays: [1, 6, 7] },
      { ...fortnightly, start: wall("2030-01-07 23:30"), every: 1, count: null, weekdays: [1, 7] },
    ];
    for (const schedule of schedules) {
      const all = Array.from({ length: 600 }, (_, i) => occurrenceAt(schedule, i));
      const first = all[0]?.at.getTime() ?? 0;
      // Every 17 hours over the first 500 days (each phase of the week), then years in.
      const times = [
        ...Array.from({ length: 706 }, (_, i) => first - 3_600_000 + i * 17 * 3_600_000),
        Date.parse("2031-06-17T12:00:00Z"),
        Date.parse("2033-10-30T23:30:00Z"),
      ];
      for (const ms of times) {
        const time = new Date(ms);
        expect(occurrencesAfter(schedule, time, 1)).toEqual(all.filter((o) => o && o.at > time).slice(0, 1));
        const lastDue = all.filter((o) => o && o.at <= time).at(-1) ?? null;
        expect(dueOccurrence(schedule, null, time)?.occurrence ?? null).toEqual(lastDue);
      }
    }
  });
});
