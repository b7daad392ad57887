import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { type ConsolePage, pagesFor } from "@/e2e/console-pages";
import { ROLES } from "@/e2e/roles";
import { freePort } from "@/testing/free-port";
import { TEST_LIMITS } from "@/testing/test-limits";
import { waitUntilAnswers } from "@/testing/wait-until-answers";
import { CONSOLE_USAGE, type ConsoleBenchOptions, parseConsoleOptions, pickPages } from "./console-options";
import {
  type ConsoleRow,
  type CpuPerAnswer,
  KEY_PAGES,
  renderConsoleSection,
  type Side,
  type SideFigures,
  verdicts,
} from "./console-report";
import { signIn } from "./console-session";
import { type BuiltConsole, prepareConsole, removeConsole } from "./console-worktree";
import { withSection } from "./doc-sections";
import { startLoadGenerator } from "./load";
import { type LoadResult, mergeResults, quantile } from "./load-job";
import { UsageError } from "./options";
import { listeningPid, type ProcessCpu, processCpu, spent } from "./process-cpu";

/**
 * `npm run bench:console`: each console page's server response time (p50/p95) and requests/s at
 * 1 and 10 concurrent signed-in users, for two commits in the same run — "before" (6e3e39a, where
 * issue 26 measured) and "after" (HEAD) — with the signed-out sign-in page as the floor of a
 * render on this machine. Each commit is checked out in a worktree of its own and built there
 * (scripts/bench/console-worktree.ts), then started as `npm run demo` starts it: a production
 * console (`next start`) and the reference service on fresh demo data. The pages are the
 * console's page list (e2e/console-pages.ts): the manager's as the manager, the owner-only ones as
 * the owner, each signed in once through Auth.js. Every cell runs both commits in turn (ABBA,
 * half the seconds each run), so a busy stretch of a shared machine weighs on both alike.
 * Writes its section of docs/benchmarks.md and exits 1 when a target of issue 26 is missed.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DOC = new URL("../../docs/benchmarks.md", import.meta.url);
const SIGN_IN: BenchPage = { path: "/sign-in", title: "Sign in", role: "support", as: null };

interface BenchPage extends ConsolePage {
  /** Who is signed in for it; null for the signed-out sign-in page. */
  as: "manager" | "owner" | null;
}

interface Running {
  side: Side;
  built: BuiltConsole;
  origin: string;
  demo: ChildProcess;
  data: string;
  cookies: { manager: string; owner: string };
  /** The processes listening on the console's and the service's ports (process-cpu.ts), if known. */
  consolePid: number | null;
  servicePid: number | null;
}

/** A side's CPU over a cell's runs, and the answers it gave in them. */
interface CpuTotals {
  console: ProcessCpu | null;
  service: ProcessCpu | null;
  answers: number;
}

const addCpu = (total: ProcessCpu | null, more: ProcessCpu | null) =>
  total && more ? { main: total.main + more.main, all: total.all + more.all } : null;

function perAnswer(totals: CpuTotals): CpuPerAnswer | null {
  if (!totals.console || !totals.service || totals.answers === 0) return null;
  return {
    consoleMain: totals.console.main / totals.answers,
    consoleAll: totals.console.all / totals.answers,
    service: totals.service.all / totals.answers,
  };
}

/** The manager's pages as the manager, then the owner-only pages as the owner. */
function benchPages(): BenchPage[] {
  const manager = pagesFor("manager");
  const ownerOnly = pagesFor("owner").filter((page) => !manager.includes(page));
  return [
    SIGN_IN,
    ...manager.map((page) => ({ ...page, as: "manager" as const })),
    ...ownerOnly.map((page) => ({ ...page, as: "owner" as const })),
  ];
}

async function startDemo(side: Side, built: BuiltConsole): Promise<Running> {
  const data = mkdtempSync(join(tmpdir(), `gcc-bench-console-${side}-`));
  const [consolePort, servicePort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SERVICE_PGLITE_DIR: join(data, "service"),
    CONSOLE_PGLITE_DIR: join(data, "console"),
    SERVICE_DATABASE_URL: "",
    CONSOLE_DATABASE_URL: "",
    SERVICE_PORT: String(servicePort),
    PORT: String(consolePort),
    SERVICE_LOG_LEVEL: "warn",
    AUTH_SECRET: "",
    CONSOLE_ENCRYPTION_KEY: "",
    CONSOLE_ENCRYPTION_KEYS: "",
  };
  // Test-only instrumentation stays off: the console as it runs in production.
  delete env.CONSOLE_CALL_COUNTS_FILE;
  const demo = spawn("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/demo.ts"], {
    cwd: built.dir,
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env,
  });
  const origin = `http://127.0.0.1:${consolePort}`;
  await waitUntilAnswers(`${origin}/sign-in`, {
    what: `the ${side} demo`,
    program: demo,
    within: TEST_LIMITS.buildMs,
  });
  const cookies = {
    manager: await signIn(origin, ROLES.manager.email, ROLES.manager.password),
    owner: await signIn(origin, ROLES.owner.email, ROLES.owner.password),
  };
  return {
    side,
    built,
    origin,
    demo,
    data,
    cookies,
    consolePid: listeningPid(consolePort),
    servicePid: listeningPid(servicePort),
  };
}

async function stopDemo(running: Running): Promise<void> {
  try {
    if (running.demo.pid) process.kill(-running.demo.pid, "SIGINT");
  } catch {
    // already gone
  }
  await new Promise((resolve) =>
    running.demo.exitCode === null ? running.demo.once("exit", resolve) : resolve(null),
  );
  rmSync(running.data, { recursive: true, force: true });
}

const readCpu = (pid: number | null) => (pid === null ? null : processCpu(pid));

const headersFor = (running: Running, page: BenchPage) =>
  page.as ? { cookie: running.cookies[page.as] } : undefined;

/** Each page answers 200 with its own title on both sides, signed in as it will be measured. */
async function checkPages(sides: Running[], pages: BenchPage[]): Promise<void> {
  for (const running of sides)
    for (const page of pages) {
      const answer = await fetch(`${running.origin}${page.path}`, {
        headers: headersFor(running, page),
        redirect: "manual",
      });
      const body = await answer.text();
      const title = /<title>([^<]*)<\/title>/.exec(body)?.[1]?.replace(/&#x27;|&#39;/g, "'") ?? "";
      if (answer.status !== 200 || !title.startsWith(page.title))
        throw new Error(
          `${page.path} as ${page.as ?? "nobody"} on ${running.side} (${running.built.ref}) answered ${answer.status} titled "${title}"${answer.headers.get("location") ? ` to ${answer.headers.get("location")}` : ""}`,
        );
    }
}

/**
 * A side's figures over its runs. req/s is the users over the mean response time: each user asks
 * again the moment it is answered (a closed loop), so by Little's law that is the rate the console
 * answered them at. Answers counted in a run of a few seconds would understate it whenever a
 * response takes about as long as the run (on a busy machine, 10 users wait seconds), since the
 * first answers come only after one response time and those in flight at the end are dropped.
 */
function figures(runs: LoadResult[], users: number, cpu: CpuTotals): SideFigures {
  const latencies = runs.flatMap((run) => run.latencies ?? []);
  const merged = mergeResults(runs);
  const busy = latencies.reduce((sum, ms) => sum + ms, 0);
  return {
    requestsPerSecond: busy > 0 ? (users * latencies.length * 1000) / busy : 0,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    responses: merged.responses,
    cpu: perAnswer(cpu),
  };
}

async function main(options: ConsoleBenchOptions): Promise<number> {
  const startedAt = new Date();
  const loads: number[] = [os.loadavg()[0] as number];
  const built = {
    before: prepareConsole(ROOT, options.before, options.buildLock),
    after: prepareConsole(ROOT, options.after, options.buildLock),
  };
  const sides: Running[] = [];
  const generator = startLoadGenerator();
  try {
    console.log("Starting both demos (fresh demo data each)…");
    sides.push(await startDemo("before", built.before), await startDemo("after", built.after));
    const pages = pickPages(benchPages(), options.pages, SIGN_IN.path);
    await checkPages(sides, pages);
    // Every page rendered once per side already (checkPages); one more second each warms the JIT.
    for (const page of pages)
      for (const running of sides)
        await generator.run({
          kind: "get",
          origin: running.origin,
          path: page.path,
          customers: 1,
          connections: 1,
          duration: 1,
          headers: headersFor(running, page),
        });
    loads.push(os.loadavg()[0] as number);

    const rows: ConsoleRow[] = [];
    let cell = 0;
    for (const page of pages)
      for (const users of options.users) {
        const order = cell % 2 === 0 ? [0, 1, 1, 0] : [1, 0, 0, 1];
        cell += 1;
        const runs: LoadResult[][] = [[], []];
        const cpu: CpuTotals[] = [0, 1].map(() => ({
          console: { main: 0, all: 0 },
          service: { main: 0, all: 0 },
          answers: 0,
        }));
        for (const index of order) {
          const running = sides[index] as Running;
          const started = { console: readCpu(running.consolePid), service: readCpu(running.servicePid) };
          const result = await generator.run({
            kind: "get",
            origin: running.origin,
            path: page.path,
            customers: 1,
            connections: users,
            duration: options.seconds / 2,
            headers: headersFor(running, page),
          });
          if (result.non2xx + result.errors + result.timeouts > 0)
            throw new Error(
              `${page.path} on ${running.side}: ${result.non2xx} unexpected answers, ${result.errors} errors, ${result.timeouts} timeouts (${result.sampleFailure || "no answer"})`,
            );
          (runs[index] as LoadResult[]).push(result);
          // The requests the generator abandoned when its time ran out finish before the next run.
          await sleep(Math.min(10_000, Math.max(...(result.latencies ?? [0]), 0)) + 100);
          const totals = cpu[index] as CpuTotals;
          totals.console = addCpu(totals.console, spent(started.console, readCpu(running.consolePid)));
          totals.service = addCpu(totals.service, spent(started.service, readCpu(running.servicePid)));
          totals.answers += result.latencies?.length ?? 0;
        }
        loads.push(os.loadavg()[0] as number);
        const row: ConsoleRow = {
          path: page.path,
          as: page.as,
          users,
          before: figures(runs[0] as LoadResult[], users, cpu[0] as CpuTotals),
          after: figures(runs[1] as LoadResult[], users, cpu[1] as CpuTotals),
        };
        rows.push(row);
        console.log(
          `${page.path.padEnd(24)} ${String(page.as ?? "-").padEnd(8)} ${String(users).padStart(2)} users  before ${row.before.requestsPerSecond.toFixed(1).padStart(6)} req/s p50 ${row.before.p50.toFixed(0).padStart(4)} ms   after ${row.after.requestsPerSecond.toFixed(1).padStart(6)} req/s p50 ${row.after.p50.toFixed(0).padStart(4)} ms`,
        );
      }

    // Issue 26's targets need the key pages; a run of fewer pages (--pages) only prints its figures.
    const judged = KEY_PAGES.every((path) => pages.some((page) => page.path === path));
    const checked = judged ? verdicts(rows, options.users) : [];
    if (!judged) console.log(`Targets not judged: --pages left out some of ${KEY_PAGES.join(", ")}.`);
    const section = renderConsoleSection({
      rows,
      checked,
      options,
      startedAt,
      minutes: (Date.now() - startedAt.getTime()) / 60_000,
      loads,
      before: built.before,
      after: built.after,
    });
    console.log(`\n${section}\n`);
    if (options.writeDoc) {
      writeFileSync(DOC, withSection(readFileSync(DOC, "utf8"), "console-pages", section));
      console.log(`wrote ${DOC.pathname}`);
    }
    return checked.every((verdict) => verdict.met) ? 0 : 1;
  } finally {
    generator.stop();
    await Promise.all(sides.map(stopDemo));
    if (!options.keepWorktrees)
      for (const dir of new Set([built.before.dir, built.after.dir])) removeConsole(ROOT, dir);
  }
}

let options: ConsoleBenchOptions | "help";
try {
  options = parseConsoleOptions(process.argv.slice(2));
  // A page that is not on the list is refused before anything is built.
  if (options !== "help") pickPages(benchPages(), options.pages, SIGN_IN.path);
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`bench:console: ${error.message}\n${CONSOLE_USAGE}`);
  process.exit(2);
}
if (options === "help") {
  console.log(CONSOLE_USAGE);
  process.exit(0);
}
main(options).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench:console failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
