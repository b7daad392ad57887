/**
 * How long the tests wait, in one place: for a server, a database, a browser or a program to come
 * up, for one test, for a build. The values are made for a slow machine — two cores with another
 * CPU-heavy process beside the suite — not for a developer laptop: a limit that a busy machine can
 * reach turns load into failures that say nothing about the code. A hang still ends, only later.
 *
 * `TEST_TIME_SCALE` (a positive number, default 1) multiplies every limit, for a machine slower
 * still. Read by vitest.config.ts, playwright.config.ts and every test helper that waits.
 */

function timeScale(): number {
  const raw = process.env.TEST_TIME_SCALE;
  if (raw === undefined || raw.trim() === "") return 1;
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale <= 0)
    throw new Error(`TEST_TIME_SCALE must be a positive number (got "${raw}").`);
  return scale;
}

const scale = timeScale();

export const TEST_LIMITS = {
  /**
   * Starting one thing a test needs: a server, a database (PGlite initdb, a PostgreSQL cluster),
   * a browser, a child program. Also every vitest hook, since hooks are where tests start them.
   */
  startMs: 120_000 * scale,
  /** One test, from its first line to its last (hooks have their own limit). */
  testMs: 120_000 * scale,
  /**
   * Building the console and starting both programs (`npm run demo` on fresh databases). 300 s
   * was not enough beside four busy processes, where the build took longer while vitest's other
   * files ran (docs/testing.md, "Tests that do not depend on the machine's speed"): a machine CI
   * may be given.
   */
  buildMs: 600_000 * scale,
  /** One browser assertion retrying until the page shows what it should (Playwright's `expect`). */
  expectMs: 20_000 * scale,
} as const;

/** The limit for a test that starts `count` things one after another (e.g. several CLI runs). */
export function startsOf(count: number): number {
  return count * TEST_LIMITS.startMs;
}
