import { describe, expect, it } from "vitest";
import {
  exactUtc,
  formatDay,
  formatTime,
  isTimeZone,
  relativeTime,
  TIME_ZONE_RULE,
  timeZoneChoices,
} from "./format-time";

const LATE_EVENING = "2026-11-25T23:08:03.512Z";

describe("formatTime: a moment in the person's time zone", () => {
  it.each([
    ["UTC", "Nov 25, 2026, 23:08 UTC"],
    // An hour ahead in winter: already the next day.
    ["Europe/Berlin", "Nov 26, 2026, 00:08 GMT+1"],
    ["America/New_York", "Nov 25, 2026, 18:08 EST"],
    ["Asia/Kolkata", "Nov 26, 2026, 04:38 GMT+5:30"],
  ])("in %s: %s", (zone, shown) => {
    expect(formatTime(LATE_EVENING, zone)).toBe(shown);
  });

  it("follows the zone's summer time and shows seconds when asked", () => {
    expect(formatTime("2026-07-01T10:00:00Z", "Europe/Berlin")).toBe("Jul 1, 2026, 12:00 GMT+2");
    expect(formatTime(LATE_EVENING, "Europe/Berlin", { seconds: true })).toBe("Nov 26, 2026, 00:08:03 GMT+1");
  });

  it("uses a 24-hour clock (midnight is 00, not 24)", () => {
    expect(formatTime("2026-11-25T23:00:00Z", "Europe/Berlin")).toBe("Nov 26, 2026, 00:00 GMT+1");
  });

  it("gives back text that is not a time as it is", () => {
    expect(formatTime("soon", "UTC")).toBe("soon");
    expect(exactUtc("")).toBe("");
  });
});

describe("exactUtc: the hover of every time", () => {
  it("is the UTC moment to the second, whatever the form of the ISO text", () => {
    expect(exactUtc(LATE_EVENING)).toBe("2026-11-25 23:08:03 UTC");
    expect(exactUtc("2026-11-26T00:08:03+01:00")).toBe("2026-11-25 23:08:03 UTC");
    expect(exactUtc("2026-01-31T00:00:00Z")).toBe("2026-01-31 00:00:00 UTC");
  });
});

describe("relativeTime: ages", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  it.each([
    ["2026-11-27T12:00:00Z", "in 2 days"],
    ["2026-11-25T11:55:00Z", "5 minutes ago"],
    ["2026-11-25T11:54:01Z", "5 minutes ago"],
    ["2026-11-25T11:59:30Z", "this minute"],
    ["2026-11-25T11:59:00Z", "1 minute ago"],
    ["2026-11-25T09:01:00Z", "2 hours ago"],
    ["2026-11-24T11:00:00Z", "yesterday"],
    ["2026-11-22T12:00:00Z", "3 days ago"],
    ["2026-09-25T12:00:00Z", "2 months ago"],
    ["2024-11-25T12:00:00Z", "2 years ago"],
  ])("%s is %s", (iso, age) => {
    expect(relativeTime(iso, now)).toBe(age);
  });
});

describe("formatDay: the overview's UTC days", () => {
  it("names the calendar day as given, in any process time zone", () => {
    expect(formatDay("2026-11-24")).toBe("Nov 24");
  });
});

describe("isTimeZone: the setting's rule", () => {
  it.each(["UTC", "Europe/Berlin", "America/Argentina/Buenos_Aires", "Etc/GMT+1", "Asia/Kolkata"])(
    "takes %s",
    (zone) => expect(isTimeZone(zone)).toBe(true),
  );
  it.each(["", "Mars/Olympus_Mons", "+01:00", "-05:00", "Europe/Berlin ", "../etc/passwd", "x".repeat(65)])(
    "refuses %j",
    (zone) => expect(isTimeZone(zone)).toBe(false),
  );
  it("says its rule, and every zone offered to choose from keeps it, UTC first", () => {
    expect(TIME_ZONE_RULE).toBe("must be a time zone of the IANA database, such as Europe/Berlin or UTC");
    const choices = timeZoneChoices();
    expect(choices[0]).toBe("UTC");
    expect(choices).toContain("Europe/Berlin");
    expect(choices.filter((zone) => !isTimeZone(zone))).toEqual([]);
  });
});
