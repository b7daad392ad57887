"use server";
import "server-only";
import { z } from "zod";
import { consoleDb } from "@/lib/db/console-db";
import { isTimeZone, TIME_ZONE_RULE } from "@/lib/time/format-time";
import { chooseTimeZone } from "@/lib/time/time-zone-setting";
import { defineAction } from "../define-action";

/**
 * The user menu's time zone: the one every time of the console is shown in for this person, on
 * every device; null goes back to each browser's own. A personal preference: every role, no step-up.
 */
export const chooseTimeZoneAction = defineAction(
  "account:manage",
  z.object({
    timeZone: z.string({ error: TIME_ZONE_RULE }).refine(isTimeZone, { error: TIME_ZONE_RULE }).nullable(),
  }),
  async ({ timeZone }, user) => {
    await chooseTimeZone(await consoleDb(), user.id, timeZone);
    return { timeZone };
  },
  { changesData: true },
);
