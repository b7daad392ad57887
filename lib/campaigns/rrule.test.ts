import { describe, expect, it } from "vitest";
import { CampaignInput, scheduleOf } from "./campaign-input";
import { parseRrule, weeklyRule } from "./rrule";
import { occurrencesAfter } from "./schedule";

/** The campaign form's fields with a rule, a start and a zone. */
const ruleForm = (rrule: string, start: string, timeZone: string) => ({
  name: "Fortnightly",
  reason: "Stipend",
  listId: "1",
  mode: "allowance",
  lines: [
    {
      token: "a1000000-0000-4000-8000-000000000001",
      contract: "c1000000-0000-4000-8000-000000000001",
      amount: "1",
    },
  ],
  repeat: "rrule",
  start,
  timeZone,
  every: "",
  until: "",
  count: "",
  rrule,
});

describe("a campaign's recurrence rule", () => {
  it("keeps FREQ, INTERVAL, COUNT and UNTIL", () => {
    expect(parseRrule("RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=6")).toEqual({
      ok: true,
      schedule: { repeat: "weekly", every: 2, count: 6, until: null },
      untilUtc: false,
    });
    expect(parseRrule("FREQ=WEEKLY;BYDAY=FR,MO,WE;INTERVAL=2;COUNT=7")).toEqual({
      ok: true,
      schedule: { repeat: "weekly", every: 2, count: 7, until: null, weekdays: [1, 3, 5] },
      untilUtc: false,
    });
    expect(parseRrule("freq=monthly;until=20270131")).toMatchObject({
      ok: true,
      schedule: { repeat: "monthly", until: { year: 2027, month: 1, day: 31, hour: 23, minute: 59 } },
    });
  });

  it.each([
    ["", "rrule: is empty; write a rule such as FREQ=WEEKLY;COUNT=10"],
    [
      "FREQ=MONTHLY;BYMONTHDAY=1",
      "rrule: BYMONTHDAY is not supported; a campaign's rule uses FREQ, INTERVAL, COUNT, UNTIL, BYDAY (the first occurrence is the start time)",
    ],
    ["FREQ=DAILY;BYDAY=MO", "rrule: BYDAY is supported with FREQ=WEEKLY only"],
    ["FREQ=WEEKLY;BYDAY=-1FR", "rrule: BYDAY=-1FR is not supported; name days without a number (MO,WE,FR)"],
    ["FREQ=WEEKLY;BYDAY=MO,XY", 'rrule: BYDAY\'s "XY" is not a day; use MO, TU, WE, TH, FR, SA, SU'],
    ["FREQ=WEEKLY;BYDAY=MO,mo", "rrule: BYDAY names a day twice"],
    ["FREQ=HOURLY", "rrule: FREQ=HOURLY is not supported; use DAILY, WEEKLY or MONTHLY"],
    ["COUNT=3", "rrule: FREQ is required (DAILY, WEEKLY or MONTHLY)"],
    ["FREQ=DAILY;COUNT=0", "rrule: COUNT must be a whole number from 1 to 10000"],
    ["FREQ=DAILY;COUNT=2;UNTIL=20270101", "rrule: give COUNT or UNTIL, not both (RFC 5545)"],
    ["FREQ=DAILY;FREQ=WEEKLY", "rrule: FREQ is given twice"],
    ["FREQ", 'rrule: "FREQ" is not NAME=VALUE'],
    ["FREQ=DAILY;UNTIL=20261340", "rrule: UNTIL=20261340 is not a real date and time"],
    ["FREQ=DAILY;UNTIL=20270230T120000Z", "rrule: UNTIL=20270230T120000Z is not a real date and time"],
  ])("refuses %j by name", (rule, error) => {
    expect(parseRrule(rule)).toEqual({ ok: false, error });
  });

  it("a rule's UNTIL in UTC ends the schedule at that instant, in the campaign's zone", () => {
    const input = CampaignInput.parse(
      ruleForm("FREQ=WEEKLY;INTERVAL=2;UNTIL=20300204T140000Z", "2030-01-07T09:00", "America/New_York"),
    );
    const schedule = scheduleOf(input);
    // 14:00 UTC on 4 February is 09:00 in New York: the occurrence then is the last.
    expect(
      occurrencesAfter(schedule, new Date("2030-01-01T00:00:00Z"), 10).map((o) => o.at.toISOString()),
    ).toEqual(["2030-01-07T14:00:00.000Z", "2030-01-21T14:00:00.000Z", "2030-02-04T14:00:00.000Z"]);
  });

  it("a weekly schedule on several days is written back as a rule that reads the same (the edit form)", () => {
    const byCount = { every: 2, weekdays: [1, 3, 5], count: 4, until: null };
    expect(weeklyRule(byCount)).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR;COUNT=4");
    expect(parseRrule(weeklyRule(byCount))).toEqual({
      ok: true,
      schedule: { repeat: "weekly", ...byCount },
      untilUtc: false,
    });
    const byEnd = {
      every: 1,
      weekdays: [2, 7],
      count: null,
      until: { year: 2031, month: 3, day: 4, hour: 9, minute: 5 },
    };
    expect(weeklyRule(byEnd)).toBe("FREQ=WEEKLY;BYDAY=TU,SU;UNTIL=20310304T090500");
    expect(parseRrule(weeklyRule(byEnd))).toEqual({
      ok: true,
      schedule: { repeat: "weekly", ...byEnd },
      untilUtc: false,
    });
  });

  it("a rule's BYDAY must include the start's day, which is the first occurrence", () => {
    // 8 January 2030 is a Tuesday.
    const input = (rrule: string) =>
      CampaignInput.safeParse(ruleForm(rrule, "2030-01-08T09:00", "Europe/Berlin"));
    const refused = input("FREQ=WEEKLY;BYDAY=MO,WE");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["rrule", "BYDAY must include the start's day (TU): the first occurrence is the start"],
    ]);
    const kept = input("FREQ=WEEKLY;BYDAY=TU,TH;COUNT=3");
    expect(kept.success).toBe(true);
    if (!kept.success) return;
    expect(scheduleOf(kept.data)).toMatchObject({ repeat: "weekly", weekdays: [2, 4], count: 3 });
  });

  it("the form's checks name the field and the rule", () => {
    const result = CampaignInput.safeParse({
      name: "",
      reason: "x",
      listId: "1",
      mode: "allowance",
      lines: [
        {
          token: "a1000000-0000-4000-8000-000000000001",
          contract: "c1000000-0000-4000-8000-000000000001",
          amount: "-1",
        },
      ],
      repeat: "weekly",
      start: "2030-02-30T09:00",
      timeZone: "Mars/Olympus",
      every: "0",
      until: "",
      count: "",
      rrule: "",
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join(".")).sort();
    expect(paths).toEqual(["every", "lines.0.amount", "name", "start", "timeZone"]);
  });
});
