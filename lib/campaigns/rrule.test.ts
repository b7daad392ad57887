import { describe, expect, it } from "vitest";
import { CampaignInput, scheduleOf } from "./campaign-input";
import { parseRrule } from "./rrule";
import { occurrencesAfter } from "./schedule";

describe("a campaign's recurrence rule", () => {
  it("keeps FREQ, INTERVAL, COUNT and UNTIL", () => {
    expect(parseRrule("RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=6")).toEqual({
      ok: true,
      schedule: { repeat: "weekly", every: 2, count: 6, until: null },
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
      "FREQ=WEEKLY;BYDAY=MO",
      "rrule: BYDAY is not supported; a campaign's rule uses FREQ, INTERVAL, COUNT, UNTIL (the first occurrence is the start time)",
    ],
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
    const input = CampaignInput.parse({
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
      start: "2030-01-07T09:00",
      timeZone: "America/New_York",
      every: "",
      until: "",
      count: "",
      rrule: "FREQ=WEEKLY;INTERVAL=2;UNTIL=20300204T140000Z",
    });
    const schedule = scheduleOf(input);
    // 14:00 UTC on 4 February is 09:00 in New York: the occurrence then is the last.
    expect(
      occurrencesAfter(schedule, new Date("2030-01-01T00:00:00Z"), 10).map((o) => o.at.toISOString()),
    ).toEqual(["2030-01-07T14:00:00.000Z", "2030-01-21T14:00:00.000Z", "2030-02-04T14:00:00.000Z"]);
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
