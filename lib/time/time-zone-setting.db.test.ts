import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/users";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { userSettings } from "@/lib/db/schema";
import { UserFacingError } from "@/lib/model/user-facing-error";
import { createConsoleTestDatabase } from "@/testing/console-database";
import { chooseTimeZone, readTimeZone } from "./time-zone-setting";

let database: ConsoleDatabase;
beforeEach(async () => {
  database = await createConsoleTestDatabase();
});
afterEach(async () => {
  await database.close();
});

const user = (email: string) =>
  createUser(database.db, { email, role: "support", password: "long enough password" });

describe("the per-user time zone (console.user_settings.time_zone)", () => {
  it("is the browser's (null) until chosen, kept per user, and cleared back to the browser's", async () => {
    const ana = await user("ana@studio.example");
    const bo = await user("bo@studio.example");
    expect(await readTimeZone(database.db, ana.id)).toBeNull();
    await chooseTimeZone(database.db, ana.id, "Europe/Berlin");
    expect(await readTimeZone(database.db, ana.id)).toBe("Europe/Berlin");
    expect(await readTimeZone(database.db, bo.id)).toBeNull();
    await chooseTimeZone(database.db, ana.id, "UTC");
    expect(await readTimeZone(database.db, ana.id)).toBe("UTC");
    await chooseTimeZone(database.db, ana.id, null);
    expect(await readTimeZone(database.db, ana.id)).toBeNull();
  });

  it("leaves the project a person chose as it was (one row of settings per user)", async () => {
    const ana = await user("ana@studio.example");
    await database.db.insert(userSettings).values({ userId: ana.id, connection: "env" });
    await chooseTimeZone(database.db, ana.id, "America/New_York");
    const rows = await database.db.select().from(userSettings).where(eq(userSettings.userId, ana.id));
    expect(rows).toEqual([{ userId: ana.id, connection: "env", timeZone: "America/New_York" }]);
  });

  it.each(["Mars/Olympus_Mons", "+01:00", "CET; drop table console.users", "", `Europe/${"x".repeat(80)}`])(
    "refuses %j with a message naming the field and the rule, keeping the zone chosen before",
    async (zone) => {
      const ana = await user("ana@studio.example");
      await chooseTimeZone(database.db, ana.id, "Asia/Tokyo");
      const refusal = chooseTimeZone(database.db, ana.id, zone);
      await expect(refusal).rejects.toThrow(UserFacingError);
      await expect(refusal).rejects.toThrow(
        "Time zone must be a time zone of the IANA database, such as Europe/Berlin or UTC.",
      );
      expect(await readTimeZone(database.db, ana.id)).toBe("Asia/Tokyo");
    },
  );
});
