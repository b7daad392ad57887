import type { ChildProcess } from "node:child_process";
import { withPreload } from "@/testing/node-preload";
import { startThrowawayPostgres, type ThrowawayPostgres } from "@/testing/throwaway-postgres";
import { prepareBrowser } from "./lib/browser-check";
import { notRun, runStages, type Stage, summaryLines } from "./lib/test-stages";

/**
 * `npm test`: lint, the architecture check, vitest (unit and HTTP, PGlite and PostgreSQL),
 * typecheck beside Playwright — every stage even when one before it failed, so the closing line
 * counts everything — then one closing line summing them all, last, which is what CI reads.
 * Exits 1 when anything failed. Brings what the tests need that npm install does not: Debian's
 * chromium when missing (scripts/lib/browser-check.ts) and a throwaway PostgreSQL cluster.
 *
 * `tsx scripts/test.ts STAGE…` runs only the named stages (lint, architecture, typecheck, vitest,
 * playwright). The architecture check counts each rule of docs/architecture.md as one test.
 */

const bin = (name: string) => `node_modules/.bin/${name}`;
const STAGES: Stage[] = [
  { name: "lint", command: ["npm", "run", "--silent", "lint"], kind: "check" },
  { name: "architecture", command: ["npm", "run", "--silent", "lint:architecture"], kind: "tests" },
  { name: "vitest", command: [bin("vitest"), "run"], kind: "tests", env: { TZ: "UTC" }, postgres: true },
  // Beside Playwright, whose programs' start and set-up leave part of the machine idle (below).
  { name: "typecheck", command: ["npm", "run", "--silent", "typecheck"], kind: "check", beside: true },
  {
    name: "playwright",
    command: [bin("playwright"), "test"],
    kind: "tests",
    env: { TZ: "UTC" },
    postgres: true,
  },
];

// Every Node process of the run answers relative imports inside installed packages without Node's
// slow package-scope lookup: about half a second of processor less for each process that loads
// drizzle-orm — each unit test file, each tool a test starts, each service (the preload's header).
process.env.NODE_OPTIONS = withPreload(new URL("../testing/package-relative-imports.mjs", import.meta.url));

const names = process.argv.slice(2);
const unknown = names.filter((name) => !STAGES.some((stage) => stage.name === name));
if (unknown.length > 0) {
  console.error(`Unknown stage ${unknown.join(", ")}; stages: ${STAGES.map((s) => s.name).join(", ")}.`);
  process.exit(2);
}
const chosen = names.length > 0 ? STAGES.filter((stage) => names.includes(stage.name)) : STAGES;
// On Ctrl-C or a CI cancel: run no further stage, and still print the closing line (the stages
// left count as failed). Ctrl-C already reaches the running stage (the terminal signals the whole
// process group; a second SIGINT would make Playwright skip its clean-up); SIGTERM is passed on.
const running = new Set<ChildProcess>();
let interrupted = false;
process.on("SIGINT", () => {
  interrupted = true;
});
process.on("SIGTERM", () => {
  interrupted = true;
  for (const child of running) child.kill("SIGTERM");
});

// A browser for the browser tests: when there is none and none can be installed, stop now rather
// than after minutes of other stages, each stage counted as not run (failed). When it can be
// installed, the install runs beside the stages before the browser tests, which wait for it.
const browser = chosen.some((stage) => stage.name === "playwright") ? await prepareBrowser() : null;
if (browser && "stop" in browser) {
  console.error(`\n${browser.stop}`);
  const results = chosen.map((stage) => ({
    ...notRun(stage),
    note: "did not run: no browser for the browser tests (see above)",
  }));
  console.log(`\n${summaryLines(results).join("\n")}`);
  process.exit(1);
}

// typecheck reads .next/types, which `next build` deletes and writes again. Vitest's demo test
// builds the console; after it, nothing builds in this run. Without vitest, Playwright's first
// demo may build: typecheck then runs alone, before it.
const withVitest = chosen.some((stage) => stage.name === "vitest");
const stages: Stage[] = chosen.map((stage) => ({
  ...stage,
  beside: withVitest && stage.beside,
  ...(stage.name === "playwright" && browser ? { ready: browser.ready } : {}),
}));

// One throwaway PostgreSQL cluster for every stage, unless one is given: the HTTP tests run on it
// and the browser tests start a second console on it (e2e/no-render-writes.spec.ts).
let cluster: ThrowawayPostgres | undefined;
if (!process.env.TEST_DATABASE_URL && stages.some((stage) => stage.postgres)) {
  try {
    cluster = await startThrowawayPostgres("gcc_test");
    process.env.TEST_DATABASE_URL = cluster.url;
  } catch (error) {
    // The PostgreSQL tests then fail on their own and are counted; the rest still runs.
    console.error(`PostgreSQL could not be started for the tests: ${(error as Error).message}`);
  }
}

const results = await runStages(stages, {
  onChild: (child, state) => {
    if (state === "started") running.add(child);
    else running.delete(child);
  },
  interrupted: () => interrupted,
});
cluster?.stop();
console.log(`\n${summaryLines(results).join("\n")}`);
process.exit(results.some((r) => r.counts.failed > 0) ? 1 : 0);
