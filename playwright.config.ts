import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, type PlaywrightTestConfig } from "@playwright/test";
import { TRUSTED_PROXY_ADDRESS } from "./e2e/from-address";
import {
  allowedServiceHosts,
  CONSOLE_URL,
  callCountsFile,
  consolePort,
  consoleUrl,
  DEMOS,
  E2E_STEP_UP_SECONDS,
  PG_CONSOLE_URL,
  proxyPort,
  proxyUrl,
  servicePort,
  UNCONNECTED_CONSOLE_URL,
} from "./e2e/servers";
import { consoleBuildIsCurrent } from "./scripts/lib/console-build";
import { chromiumPath } from "./testing/chromium";
import { TEST_LIMITS } from "./testing/test-limits";

/**
 * End-to-end tests in Chromium against both programs, started by `npm run demo` on fresh
 * embedded databases (the demo project and the demo users), twice: one demo per worker. Debian's
 * chromium is used when it is installed (CHROMIUM_PATH overrides); elsewhere Playwright's own browser. Every wait —
 * the programs coming up, the browser launching, a test, an assertion — is made for a slow machine
 * (testing/test-limits.ts).
 */

/**
 * The two specs that use the one console on PostgreSQL: error-page.spec.ts takes a table away from
 * it for a moment, no-render-writes.spec.ts counts its writes, so they never run at the same time.
 */
const ON_THE_PG_CONSOLE = /\/(error-page|no-render-writes)\.spec\.ts$/;

/**
 * The spec that waits on the clock: staff-accounts.spec.ts lets a second factor go stale (the
 * step-up window, a minute) and its step-up test waits out what is left of it, about 45 s, with
 * its worker idle. Run last (the files go in name order), that wait ended the run alone; run first,
 * it overlaps the other worker's specs (docs/testing.md, "Browser tests: where the time goes").
 */
const WAITS_ON_THE_CLOCK = /\/staff-accounts\.spec\.ts$/;

/** A demo's two programs (the demo launcher, the test proxy in front of its service). */
type WebServer = Extract<PlaywrightTestConfig["webServer"], unknown[]>[number];
type DemoServers = WebServer[];

// Set once in the runner's process; workers inherit it, so all of them see the same run. The
// process that made it removes it as it exits, once Playwright has stopped the programs that
// write in it (about 200 MB of demo data per run; docs/testing.md, "Tests that leave nothing
// behind") — unless the run failed: then the demos' data is kept for a look, and named. Best
// effort: a program still closing its files must not fail the run.
if (!process.env.E2E_DATA) {
  const made = mkdtempSync(join(tmpdir(), "gcc-e2e-"));
  process.env.E2E_DATA = made;
  process.on("exit", (code) => {
    if (code !== 0) {
      console.log(`The browser tests' data (the demos' databases) is kept in ${made}`);
      return;
    }
    try {
      rmSync(made, { recursive: true, force: true, maxRetries: 3 });
    } catch {}
  });
}
const data = process.env.E2E_DATA;
const chromium = chromiumPath();

/**
 * Every program the specs use: the demos, each with the test proxy in front of its service, a
 * console with no connection, and one on PostgreSQL where a cluster is given.
 */
const SERVERS: WebServer[] = [
  ...Array.from(
    { length: DEMOS },
    (_, demo): DemoServers => [
      {
        command: "node_modules/.bin/tsx --conditions=react-server scripts/demo.ts",
        url: `${consoleUrl(demo)}/sign-in`,
        // Builds the console when needed, then starts both programs.
        timeout: TEST_LIMITS.buildMs,
        // E2E_REUSE=1 runs the specs against demos already started on the E2E ports (faster while writing specs).
        reuseExistingServer: process.env.E2E_REUSE === "1",
        gracefulShutdown: { signal: "SIGINT", timeout: 10_000 },
        stdout: "ignore",
        stderr: "pipe",
        env: {
          SERVICE_PGLITE_DIR: join(data, `demo-${demo}`, "service"),
          CONSOLE_PGLITE_DIR: join(data, `demo-${demo}`, "console"),
          // Each demo's own logs, with its data (scripts/lib/demo-log.ts), not the checkout's .data/logs.
          DEMO_LOG_DIR: join(data, `demo-${demo}`, "logs"),
          SERVICE_DATABASE_URL: "",
          CONSOLE_DATABASE_URL: "",
          SERVICE_PORT: String(servicePort(demo)),
          PORT: String(consolePort(demo)),
          SERVICE_LOG_LEVEL: "warn",
          // Throwaway data: no test is about surviving a power loss, so commits skip the disk flush
          // (docs/service.md, "Durability"); the demo itself stays durable.
          SERVICE_PGLITE_DURABILITY: "fast",
          // e2e/webhooks.spec.ts: its receivers listen on this machine, and retries come within a second.
          SERVICE_WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
          SERVICE_WEBHOOK_RETRY_BASE_MS: "500",
          // e2e/notifications.spec.ts: its Slack receiver listens on this machine.
          CONSOLE_ALLOWED_NOTIFICATION_HOSTS: "127.0.0.1",
          AUTH_SECRET: "",
          CONSOLE_ENCRYPTION_KEY: "",
          CONSOLE_ENCRYPTION_KEYS: "",
          CONSOLE_ALLOWED_SERVICE_HOSTS: allowedServiceHosts(demo),
          CONSOLE_STEP_UP_SECONDS: String(E2E_STEP_UP_SECONDS),
          // The one address whose forwarded headers the console believes (e2e/from-address.ts).
          TRUSTED_PROXIES: TRUSTED_PROXY_ADDRESS,
          // e2e/request-context.spec.ts reads what each request worked out (lib/request/per-request.ts).
          CONSOLE_CALL_COUNTS_FILE: callCountsFile(demo),
        },
      },
      {
        command: "node_modules/.bin/tsx scripts/e2e/test-proxy.ts",
        url: `${proxyUrl(demo)}/__health`,
        timeout: TEST_LIMITS.startMs,
        reuseExistingServer: process.env.E2E_REUSE === "1",
        stdout: "ignore",
        stderr: "pipe",
        env: { E2E_PROXY_PORT: String(proxyPort(demo)), E2E_SERVICE_PORT: String(servicePort(demo)) },
      },
    ],
  ).flat(),
  // A console with no project connection (e2e/no-connection.spec.ts), on the built console.
  {
    command: "node_modules/.bin/tsx --conditions=react-server scripts/e2e/unconnected-console.ts",
    url: `${UNCONNECTED_CONSOLE_URL}/sign-in`,
    timeout: TEST_LIMITS.startMs,
    reuseExistingServer: process.env.E2E_REUSE === "1",
    stdout: "ignore",
    stderr: "pipe",
  },
  // A second console on PostgreSQL for e2e/no-render-writes.spec.ts, on the built console; only
  // where a PostgreSQL cluster is given (`npm test` starts a throwaway one).
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          command: "node_modules/.bin/tsx --conditions=react-server scripts/e2e/pg-console.ts",
          url: `${PG_CONSOLE_URL}/sign-in`,
          timeout: TEST_LIMITS.startMs,
          reuseExistingServer: process.env.E2E_REUSE === "1",
          stdout: "ignore" as const,
          stderr: "pipe" as const,
        },
      ]
    : []),
];

/**
 * Playwright starts its web servers one after another, each once the one before answers (26 s in
 * all on an idle machine); they start here together instead, without a URL for Playwright to wait
 * on, and the global setup (e2e/servers-up.ts) waits until each answers before any spec runs. When
 * the console's build is not current, the first demo starts alone before them: it builds the
 * console, which the others then run. In `npm test` vitest's demo test has built it. With
 * E2E_REUSE=1 they are already running.
 */
const buildFirst = !consoleBuildIsCurrent(process.cwd());
const [FIRST, ...REST] = SERVERS as [WebServer, ...WebServer[]];
const TOGETHER = buildFirst ? REST : SERVERS;
process.env.E2E_SERVER_URLS = JSON.stringify(TOGETHER.map((server) => server.url));
const startedTogether = process.env.E2E_REUSE === "1" ? [] : TOGETHER.map(({ url: _, ...server }) => server);

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  // One worker per demo (DEMOS, e2e/servers.ts): three on the machine's two cores, since the specs
  // wait part of the time (docs/testing.md, "Browser tests: where the time goes").
  workers: DEMOS,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: TEST_LIMITS.testMs,
  expect: { timeout: TEST_LIMITS.expectMs },
  // Ours after list: the closing line that counts specs that never ran (a failed setup project,
  // a web server that did not start) as failed, and the counts scripts/test.ts sums.
  reporter: [["list"], ["./scripts/lib/playwright-summary-reporter.ts"]],
  use: {
    baseURL: CONSOLE_URL,
    // The browser's time zone, which the console shows times in (docs/console.md, "Dates and
    // times"): the same on every machine; e2e/time-zones.spec.ts opens others.
    timezoneId: "UTC",
    // No trace by default: recording one (a screencast and a DOM snapshot per action) took a
    // third of the browser's processor time and 15 % of the specs' time, for every test that
    // passes (docs/testing.md, "Browser tests: where the time goes"). To see a failing spec's
    // trace, run it with `--trace retain-on-failure`.
    trace: "off",
    launchOptions: {
      executablePath: chromium,
      timeout: TEST_LIMITS.startMs,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        // Only the two local programs answer: product images on other hosts fail at once
        // instead of waiting on a network the test machine may not have.
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
      ],
    },
  },
  // After setup, the workers take the spec files in the order of these projects, then of their
  // names. The two long files that came last — the 30 s sweep on the PostgreSQL console, and the
  // wait on the clock — ended the run with one worker busy and the machine a third used; first,
  // the run took 342 s instead of 382 (last: the sweep alone, 380 s; docs/testing.md).
  projects: [
    { name: "setup", testMatch: /.*\.setup\.ts/ },
    { name: "pg-console", testMatch: ON_THE_PG_CONSOLE, dependencies: ["setup"], workers: 1 },
    { name: "clock", testMatch: WAITS_ON_THE_CLOCK, dependencies: ["setup"] },
    // One demo per worker (e2e/servers.ts): each spec file runs whole in one worker, against that
    // worker's demo, one file at a time there, as on one demo before (e2e/README.md, "One demo per
    // worker").
    {
      name: "chromium",
      testMatch: /.*\.spec\.ts/,
      testIgnore: [ON_THE_PG_CONSOLE, WAITS_ON_THE_CLOCK],
      dependencies: ["setup"],
    },
  ],
  webServer: buildFirst ? [FIRST, ...startedTogether] : startedTogether,
  globalSetup: "./e2e/servers-up.ts",
});
