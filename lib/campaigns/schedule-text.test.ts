import { describe, expect, it } from "vitest";
import type { CampaignSchedule } from "./schedule";
import { describeSchedule } from "./schedule-text";

/** A schedule in words, as the campaign pages and the approval request say it. */
describe("a schedule in words", () => {
  const start = { year: 2030, month: 1, day: 9, hour: 9, minute: 0 }; // a Wednesday
  const weekly: CampaignSchedule = { repeat: "weekly", start, timeZone: "Europe/Berlin" };

  it("names the start's day, or each of a rule's days in the week's order", () => {
    expect(describeSchedule(weekly)).toBe(
      "Every week on Wednesday at 09:00 (Europe/Berlin), from 2030-01-09",
    );
    expect(describeSchedule({ ...weekly, every: 2, weekdays: [1, 3, 5], count: 7 })).toBe(
      "Every 2 weeks on Monday, Wednesday and Friday at 09:00 (Europe/Berlin), from 2030-01-09, 7 times",
    );
    expect(describeSchedule({ ...weekly, weekdays: [3, 7] })).toBe(
      "Every week on Wednesday and Sunday at 09:00 (Europe/Berlin), from 2030-01-09",
    );
  });
});
