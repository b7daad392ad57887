import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { FixtureInput } from "./fixture";

/**
 * The demo project (DESIGN §6): `fixtures/demo.json`, a plain fixture file. Its price dates are
 * written as of DEMO_DATED and moved by the time since then on import, so the scheduled price
 * is always in the future and the expired one always in the past.
 */

export const DEMO_FILE = fileURLToPath(new URL("./fixtures/demo.json", import.meta.url));
export const DEMO_DATED = Date.parse("2026-01-01T00:00:00Z");

const fixture = JSON.parse(readFileSync(DEMO_FILE, "utf8")) as FixtureInput;

export const DEMO_PROJECT_GUID = fixture.project.guid;
/** Demo data only: registered by the demo fixture so README's curl calls work. */
export const DEMO_API_KEY = fixture.project.apiKeys?.[0] ?? "";

const shift = (date: string | null | undefined, by: number) =>
  date ? new Date(Date.parse(date) + by).toISOString().replace(/\.\d{3}Z$/, "Z") : date;

/** The demo fixture with its price dates moved to `now`. */
export function demoFixture(now = Date.now()): FixtureInput {
  const by = now - DEMO_DATED;
  return {
    ...fixture,
    prices: (fixture.prices ?? []).map((price) => ({
      ...price,
      fromDate: shift(price.fromDate, by),
      toDate: shift(price.toDate, by),
    })),
  };
}
