import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  chooseConnection,
  createConnection,
  currentConnectionRef,
  listConnections,
} from "@/lib/connections/connections";
import type { ConsoleDatabase } from "@/lib/db/connection";
import { parseConsoleEnv } from "@/lib/env";
import { changeSettings } from "@/lib/settings/console-settings";
import { chooseTimeZone } from "@/lib/time/time-zone-setting";
import { createConsoleTestDatabase } from "@/testing/console-database";
import { countStatements } from "@/testing/count-statements";
import {
  endSession,
  endSessionsOf,
  findSignedIn,
  markSecondFactor,
  mfaRequired,
  needsStepUp,
  SESSION_MAX_AGE_SECONDS,
  STEP_UP_WINDOW_MS,
  startSession,
  touchSession,
} from "./sessions";
import { createUser } from "./users";

let database: ConsoleDatabase;
beforeEach(async () => {
  database = await createConsoleTestDatabase();
});
afterEach(async () => {
  await database.close();
});

const PROJECT = "7d3c1a52-4b8e-4f1a-9c2d-5e6f70819a2b";
const ACTOR = { id: null, email: "owner@studio.example", client: "192.0.2.1", userAgent: "test" };
const start = new Date("2026-11-25T10:00:00Z");
const minutes = (n: number) => new Date(start.getTime() + n * 60_000);

async function user(email = "ana@studio.example") {
  return createUser(database.db, { email, role: "manager", password: "long enough password" });
}
const open = (userId: number, secondFactor = false) =>
  startSession(database.db, userId, { client: "192.0.2.5", userAgent: "test", secondFactor, now: start });

describe("server-side sessions", () => {
  it("a session is found until it is signed out; its id alone, or another user's id, finds nothing", async () => {
    const ana = await user();
    const bo = await user("bo@studio.example");
    const id = await open(ana.id);
    expect(await findSignedIn(database.db, id, ana.id, minutes(1))).toMatchObject({
      user: { email: ana.email },
    });
    expect(await findSignedIn(database.db, id, bo.id, minutes(1))).toBeNull();
    expect(await findSignedIn(database.db, "made-up", ana.id, minutes(1))).toBeNull();
    await endSession(database.db, id, "signed-out");
    expect(await findSignedIn(database.db, id, ana.id, minutes(1))).toBeNull();
  });

  it("is read in one statement with the owners' settings and the person's time zone", async () => {
    const ana = await user();
    const id = await open(ana.id);
    await changeSettings(database.db, { idleTimeoutMinutes: 45, mfaRequiredFor: "everyone" }, ACTOR);
    await chooseTimeZone(database.db, ana.id, "Europe/Berlin");
    const statements = countStatements(database.db);
    const signedIn = await findSignedIn(database.db, id, ana.id, minutes(44));
    statements.stop();
    expect(statements.count()).toBe(1);
    expect(signedIn).toMatchObject({
      user: { email: ana.email },
      idleTimeoutMinutes: 45,
      mfaRequiredFor: "everyone",
      timeZone: "Europe/Berlin",
    });
    await chooseTimeZone(database.db, ana.id, null);
    expect((await findSignedIn(database.db, id, ana.id, minutes(44)))?.timeZone).toBeNull();
  });

  it("reads the project connections and the person's choice in the same statement, as listConnections and currentConnectionRef would", async () => {
    const ana = await user();
    const id = await open(ana.id);
    const env = parseConsoleEnv({});
    const add = (name: string) =>
      createConnection(
        database.db,
        ["s".repeat(43)],
        {
          name,
          baseUrl: "http://127.0.0.1:3001/api/public",
          projectGuid: PROJECT,
          apiKey: `gcc_live_key_${name}_0123456789`,
        },
        null,
      );
    const zeta = await add("zeta");
    const alpha = await add("Alpha");
    expect((await findSignedIn(database.db, id, ana.id, minutes(1)))?.projects.chosenConnection).toBeNull();
    await chooseConnection(database.db, env, ana.id, zeta.ref);

    const statements = countStatements(database.db);
    const signedIn = await findSignedIn(database.db, id, ana.id, minutes(1));
    statements.stop();
    expect(statements.count()).toBe(1);
    expect(signedIn?.projects).toEqual({
      chosenConnection: zeta.ref,
      connections: [
        {
          id: Number(alpha.ref.slice(3)),
          name: "Alpha",
          baseUrl: "http://127.0.0.1:3001/api/public",
          projectGuid: PROJECT,
          last4: "6789",
          environment: alpha.environment,
        },
        {
          id: Number(zeta.ref.slice(3)),
          name: "zeta",
          baseUrl: "http://127.0.0.1:3001/api/public",
          projectGuid: PROJECT,
          last4: "6789",
          environment: zeta.environment,
        },
      ],
    });
    // What the request context keeps from it is what the two reads of their own answer.
    expect(await currentConnectionRef(database.db, env, ana.id)).toBe(zeta.ref);
    expect((await listConnections(database.db, env)).map((c) => c.name)).toEqual(["Alpha", "zeta"]);
  });

  it("ends after the idle timeout (a setting, default 30 minutes); activity keeps it going", async () => {
    const ana = await user();
    const id = await open(ana.id);
    expect(await findSignedIn(database.db, id, ana.id, minutes(29))).not.toBeNull();
    expect(await findSignedIn(database.db, id, ana.id, minutes(31))).toBeNull();
    await touchSession(database.db, id, minutes(29));
    expect(await findSignedIn(database.db, id, ana.id, minutes(58))).not.toBeNull();
    await changeSettings(database.db, { idleTimeoutMinutes: 10 }, ACTOR);
    expect(await findSignedIn(database.db, id, ana.id, minutes(40))).toBeNull();
    expect(await findSignedIn(database.db, id, ana.id, minutes(38))).not.toBeNull();
  });

  it("ends 8 hours after sign-in however active it was: a cookie Auth.js issued again does not extend it", async () => {
    const ana = await user();
    const id = await open(ana.id);
    const lastMinute = SESSION_MAX_AGE_SECONDS / 60;
    expect(lastMinute).toBe(8 * 60);
    await touchSession(database.db, id, minutes(lastMinute - 1));
    expect(await findSignedIn(database.db, id, ana.id, minutes(lastMinute))).not.toBeNull();
    expect(await findSignedIn(database.db, id, ana.id, minutes(lastMinute + 1))).toBeNull();
  });

  it("sign out everywhere ends every session of the user but the one kept", async () => {
    const ana = await user();
    const [a, b, c] = [await open(ana.id), await open(ana.id), await open(ana.id)];
    expect(await endSessionsOf(database.db, ana.id, "signed-out-everywhere", a)).toBe(2);
    expect(await findSignedIn(database.db, a, ana.id, minutes(1))).not.toBeNull();
    expect(await findSignedIn(database.db, b, ana.id, minutes(1))).toBeNull();
    expect(await findSignedIn(database.db, c, ana.id, minutes(1))).toBeNull();
  });

  it("asks for a second factor again 10 minutes after the last one, only of people who have one", async () => {
    const signedIn = (mfaEnrolled: boolean, secondFactorAt: Date | null) => ({
      user: { id: 1, email: "", name: "", role: "owner" as const, active: true, mfaEnrolled },
      session: { id: "s", secondFactorAt, lastActiveAt: start },
    });
    expect(needsStepUp(signedIn(true, start), new Date(start.getTime() + STEP_UP_WINDOW_MS))).toBe(false);
    expect(needsStepUp(signedIn(true, start), new Date(start.getTime() + STEP_UP_WINDOW_MS + 1))).toBe(true);
    expect(needsStepUp(signedIn(true, null), start)).toBe(true);
    expect(needsStepUp(signedIn(false, null), start)).toBe(false);
    // A window the console is given (CONSOLE_STEP_UP_SECONDS) replaces the 10 minutes.
    expect(needsStepUp(signedIn(true, start), new Date(start.getTime() + 60_000), 60_000)).toBe(false);
    expect(needsStepUp(signedIn(true, start), new Date(start.getTime() + 60_001), 60_000)).toBe(true);
    expect(parseConsoleEnv({}).CONSOLE_STEP_UP_SECONDS).toBe(STEP_UP_WINDOW_MS / 1000);
    expect(parseConsoleEnv({ CONSOLE_STEP_UP_SECONDS: "60" }).CONSOLE_STEP_UP_SECONDS).toBe(60);
    expect(() => parseConsoleEnv({ CONSOLE_STEP_UP_SECONDS: "10" })).toThrow(
      "CONSOLE_STEP_UP_SECONDS must be at least 30 seconds",
    );
    expect(() => parseConsoleEnv({ CONSOLE_STEP_UP_SECONDS: "ten" })).toThrow(
      "CONSOLE_STEP_UP_SECONDS must be a whole number of seconds",
    );
    const ana = await user();
    const id = await open(ana.id);
    await markSecondFactor(database.db, id, minutes(2));
    expect((await findSignedIn(database.db, id, ana.id, minutes(3)))?.session.secondFactorAt).toEqual(
      minutes(2),
    );
  });

  it("requires a second factor of owners unless the console waives it, and of everyone when an owner says so", () => {
    expect(mfaRequired("owner", { mfaRequiredFor: "owners" }, "required")).toBe(true);
    expect(mfaRequired("owner", { mfaRequiredFor: "owners" }, "optional")).toBe(false);
    expect(mfaRequired("support", { mfaRequiredFor: "owners" }, "required")).toBe(false);
    expect(mfaRequired("support", { mfaRequiredFor: "everyone" }, "optional")).toBe(true);
  });
});
