import { z } from "zod";
import { amountText } from "@/lib/awards/award-input";
import { canonicalDecimal } from "@/lib/contract/decimal";
import { uuid } from "@/lib/contract/fields";
import { isRowId } from "@/lib/model/row-id";
import { parseRrule, WEEKDAY_CODES } from "./rrule";
import { type CampaignSchedule, REPEATS } from "./schedule";
import { isoWeekday, isTimeZone, type WallTime, wallTimeAt } from "./zoned-time";

/**
 * A campaign as its form sends it (docs/console.md, "Campaigns"): checked here by the server
 * action, with the same messages the form shows. The schedule is the form's fields, or an RRULE
 * (lib/campaigns/rrule.ts) with the start time and zone; the result is one CampaignSchedule.
 */

/** A row's number from a form: a campaign, a list, a batch (lib/model/row-id.ts). */
export const rowId = (rule: string) => z.coerce.number({ error: rule }).refine(isRowId, { error: rule });

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** "2026-12-14T18:00" (an <input type="datetime-local">) as a wall time, or null. */
export function wallTimeOf(text: string): WallTime | null {
  const match = LOCAL_TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return { year, month, day, hour, minute };
}

const localTime = z.string().check((ctx) => {
  if (!wallTimeOf(ctx.value))
    ctx.issues.push({
      code: "custom",
      message: "must be a date and time, such as 2026-12-14T18:00",
      input: ctx.value,
    });
});

const optionalWhole = (max: number) =>
  z
    .string()
    .trim()
    .refine((value) => value === "" || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= max), {
      error: `must be a whole number from 1 to ${max}, or empty`,
    });

export const CampaignLineInput = z.object({
  token: uuid,
  contract: uuid,
  /** Empty: each player's amount from the list. */
  amount: z.union([z.literal(""), amountText]),
});

export const CampaignInput = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: "is required" })
      .max(100, { error: "must be at most 100 characters" }),
    reason: z
      .string()
      .trim()
      .min(1, { error: "is required: say why (kept in the award trail)" })
      .max(500, { error: "must be at most 500 characters" }),
    listId: rowId("choose a player list"),
    mode: z.enum(["allowance", "direct"], { error: "must be allowance or direct" }),
    lines: z
      .array(CampaignLineInput)
      .min(1, { error: "needs at least one token" })
      .max(5, { error: "at most 5 tokens" }),
    repeat: z.enum([...REPEATS, "rrule"], { error: "must be once, daily, weekly, monthly or a rule" }),
    start: localTime,
    timeZone: z.string().trim().refine(isTimeZone, { error: "must be a time zone such as Europe/Berlin" }),
    every: optionalWhole(366),
    until: z
      .string()
      .trim()
      .refine((value) => value === "" || wallTimeOf(value) !== null, {
        error: "must be a date and time, such as 2027-03-01T00:00, or empty",
      }),
    count: optionalWhole(10_000),
    rrule: z.string().trim().max(200, { error: "must be at most 200 characters" }),
  })
  .check((ctx) => {
    const value = ctx.value;
    const tokens = value.lines.map((line) => line.token.toLowerCase());
    tokens.forEach((token, index) => {
      if (tokens.indexOf(token) !== index)
        ctx.issues.push({
          code: "custom",
          message: "names a token twice",
          path: ["lines", index, "token"],
          input: token,
        });
    });
    if (value.repeat === "rrule") {
      const parsed = parseRrule(value.rrule);
      const start = wallTimeOf(value.start);
      const weekdays = parsed.ok ? parsed.schedule.weekdays : null;
      if (!parsed.ok)
        ctx.issues.push({
          code: "custom",
          message: parsed.error.replace(/^rrule: /, ""),
          path: ["rrule"],
          input: value.rrule,
        });
      // The start is the first occurrence (RFC 5545's DTSTART): a rule that skips its day is
      // refused rather than read one way or the other.
      else if (start && weekdays && !weekdays.includes(isoWeekday(start)))
        ctx.issues.push({
          code: "custom",
          message: `BYDAY must include the start's day (${WEEKDAY_CODES[isoWeekday(start) - 1]}): the first occurrence is the start`,
          path: ["rrule"],
          input: value.rrule,
        });
    }
    if (value.repeat !== "rrule" && value.repeat !== "once" && value.until !== "" && value.count !== "")
      ctx.issues.push({
        code: "custom",
        message: "give an end time or a count, not both",
        path: ["count"],
        input: value.count,
      });
  });

export type CampaignInput = z.output<typeof CampaignInput>;

/** The schedule a checked input describes. */
export function scheduleOf(input: CampaignInput): CampaignSchedule {
  const start = wallTimeOf(input.start) as WallTime;
  if (input.repeat === "rrule") {
    const parsed = parseRrule(input.rrule);
    if (!parsed.ok) throw new Error(parsed.error);
    const { until } = parsed.schedule;
    return {
      ...parsed.schedule,
      start,
      timeZone: input.timeZone,
      until:
        until && parsed.untilUtc
          ? wallTimeAt(
              Date.UTC(until.year, until.month - 1, until.day, until.hour, until.minute),
              input.timeZone,
            )
          : until,
    };
  }
  return {
    repeat: input.repeat,
    start,
    timeZone: input.timeZone,
    every: input.every === "" ? 1 : Number(input.every),
    until: input.until === "" ? null : wallTimeOf(input.until),
    count: input.count === "" ? null : Number(input.count),
  };
}

/** A line's amount as sent: canonical exact text, or null (the list's amount). */
export const lineAmount = (amount: string): string | null =>
  amount === "" ? null : canonicalDecimal(amount);

/** Editing a campaign's future: the same fields, for the occurrences not yet run. */
export const EditCampaignInput = z
  .object({ campaignId: rowId("must be a campaign's number") })
  .and(CampaignInput);

export const CampaignIdInput = z.object({ campaignId: rowId("must be a campaign's number") });
