import "server-only";
import { eq } from "drizzle-orm";
import type { ConsoleDb } from "@/lib/db/connection";
import { userSettings } from "@/lib/db/schema";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { forgetInRequest } from "@/lib/request/per-request";
import { isTimeZone, TIME_ZONE_RULE } from "./format-time";

/**
 * The time zone a person chose for the console's times, or null: their browser's. (The shell has
 * it from the session's own statement, lib/auth/sessions.ts findSignedIn.)
 */
export async function readTimeZone(db: ConsoleDb, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: userSettings.timeZone })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row?.timeZone ?? null;
}

/**
 * Sets (or with null clears: back to the browser's) a person's time zone, per user across
 * browsers and devices. A name this server's time zone database does not know is refused: the
 * server renders times in it too.
 */
export async function chooseTimeZone(db: ConsoleDb, userId: number, timeZone: string | null): Promise<void> {
  if (timeZone !== null && !isTimeZone(timeZone)) throw new UserFacingError(`Time zone ${TIME_ZONE_RULE}.`);
  await db
    .insert(userSettings)
    .values({ userId, timeZone })
    .onConflictDoUpdate({ target: userSettings.userId, set: { timeZone } });
  // The shell reads the zone with the session (lib/auth/sessions.ts findSignedIn), which this
  // request may know already: the page rendered after this action reads it again.
  await forgetInRequest("sign-in");
}
