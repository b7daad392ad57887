import "server-only";
import { eq } from "drizzle-orm";
import type { ConsoleDb } from "@/lib/db/connection";
import { userSettings } from "@/lib/db/schema";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { isTimeZone, TIME_ZONE_RULE } from "./format-time";

/** The time zone a person chose for the console's times, or null: their browser's. */
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
}
