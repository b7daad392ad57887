import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { FixtureInput } from "./fixture";
import { demoExtras } from "./fixtures/demo-extra";

/**
 * The demo project (docs/service.md, "Data in"): `fixtures/demo.json`, a plain fixture file that the tests name
 * entity by entity, followed by the generated rest of the catalogue and players
 * (`fixtures/demo-extra.ts`, the same on every import). Its price dates are written as of
 * DEMO_DATED and moved by the time since then on import, so the scheduled price is always in the
 * future and the expired one always in the past.
 *
 * Images are paths on the console's own origin (`/demo/…`, files in public/demo): the browser
 * resolves them against whatever host and port the console is opened on, so a demo whose ports
 * change between runs, with its data kept, still shows them, and nothing is fetched from
 * elsewhere. A real project stores absolute URLs (its CDN).
 */

export const DEMO_FILE = fileURLToPath(new URL("./fixtures/demo.json", import.meta.url));
export const DEMO_DATED = Date.parse("2026-01-01T00:00:00Z");

const core = JSON.parse(readFileSync(DEMO_FILE, "utf8")) as FixtureInput;
const extras = demoExtras();
const fixture: FixtureInput = {
  ...core,
  products: [...(core.products ?? []), ...extras.products],
  prices: [...(core.prices ?? []), ...extras.prices],
  customers: [...(core.customers ?? []), ...extras.customers],
};

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
