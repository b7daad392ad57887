import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { ROLES } from "@/e2e/roles";
import { signIn } from "./console-session";
import { type BuiltConsole, prepareConsole, removeConsole } from "./console-worktree";
import { withSection } from "./doc-sections";
import { LARGE_ANSWER_USAGE, type LargeAnswerOptions, parseLargeAnswerOptions } from "./large-answer-options";
import { chooseLargeProject, largeProductsUrl } from "./large-answer-project";
import {
  earlierRecords,
  figuresOf,
  LARGE_ANSWER_SECTION,
  type Machine,
  type MeasuredRun,
  renderLargeAnswerSection,
  type Sample,
  verdict,
} from "./large-answer-report";
import { type Servers, startServers } from "./large-answer-servers";
import { UsageError } from "./options";

/**
 * `npm run bench:large-answer`: issue 25 item 4's scenario, measured from outside. A production
 * console (built in a worktree of its own, started as `npm run demo` starts it) reads a 29 MiB
 * GET Products answer each time the owner opens the products page, while another client asks for
 * the signed-out sign-in page every 100 ms; the same client alone is the baseline. Target: the
 * sign-in page's p95 under 1 s during the read. Writes its section of docs/benchmarks.md and
 * exits 1 when a run misses the target.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DOC = new URL("../../docs/benchmarks.md", import.meta.url);
/** How long a sign-in page may take before it counts as failed (the e2e's fetches have no limit). */
const SIGN_IN_TIMEOUT_MS = 30_000;
const PRODUCTS = "/catalogue/products";
/** The large catalogue's first product (scripts/e2e/test-proxy.ts), on the first page of rows. */
const FIRST_PRODUCT = "Product 0 (en)";

const loadNow = () => os.loadavg()[0] as number;

function machine(): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? "unknown CPU",
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

/**
 * prepareConsole names its worktree after the commit alone, in the temp folder; a folder of this
 * benchmark's own keeps it apart from bench:console's worktree of the same commit, which that
 * benchmark builds, uses and removes on its own schedule.
 */
function buildOwnWorktree(options: LargeAnswerOptions): BuiltConsole {
  const saved = process.env.TMPDIR;
  const own = join(os.tmpdir(), "gcc-bench-large-answer");
  mkdirSync(own, { recursive: true });
  process.env.TMPDIR = own;
  try {
    return prepareConsole(ROOT, options.ref, options.buildLock);
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
}

/** Another person's sign-in page, asked for every `everyMs` whether the last one was answered or not. */
function signInClient(consoleUrl: string, everyMs: number) {
  const samples: Promise<Sample>[] = [];
  const startedAt = performance.now();
  const ask = () => {
    const started = performance.now();
    samples.push(
      fetch(`${consoleUrl}/sign-in`, { signal: AbortSignal.timeout(SIGN_IN_TIMEOUT_MS) }).then(
        async (answer) => {
          await answer.arrayBuffer();
          return { ms: performance.now() - started, ok: answer.status === 200 };
        },
        () => ({ ms: performance.now() - started, ok: false }),
      ),
    );
  };
  ask();
  const timer = setInterval(ask, everyMs);
  return {
    /** Stops asking; the seconds it asked for, and every page's time once all are answered. */
    async stop(): Promise<{ seconds: number; samples: Sample[] }> {
      clearInterval(timer);
      const seconds = (performance.now() - startedAt) / 1000;
      return { seconds, samples: await Promise.all(samples) };
    },
  };
}

/** The owner opens the products page: its whole answer's time, checked to be the large catalogue's. */
async function openProducts(consoleUrl: string, cookie: string): Promise<number> {
  const started = performance.now();
  const answer = await fetch(`${consoleUrl}${PRODUCTS}`, { headers: { cookie }, redirect: "manual" });
  const body = await answer.text();
  const ms = performance.now() - started;
  if (answer.status !== 200 || !body.includes(FIRST_PRODUCT))
    throw new Error(
      `${PRODUCTS} answered ${answer.status}${answer.headers.get("location") ? ` to ${answer.headers.get("location")}` : ""} without the large catalogue's "${FIRST_PRODUCT}"`,
    );
  return ms;
}

async function measureRun(
  servers: Servers,
  cookie: string,
  options: LargeAnswerOptions,
): Promise<MeasuredRun> {
  const baselineLoad = loadNow();
  const alone = signInClient(servers.consoleUrl, options.everyMs);
  await sleep(options.baselineSeconds * 1000);
  const baseline = await alone.stop();

  const client = signInClient(servers.consoleUrl, options.everyMs);
  const reads: number[] = [];
  const readLoads: number[] = [];
  try {
    for (let i = 0; i < options.reads; i += 1) {
      reads.push(await openProducts(servers.consoleUrl, cookie));
      readLoads.push(loadNow());
    }
  } catch (error) {
    await client.stop();
    throw error;
  }
  const during = await client.stop();
  return {
    baseline: { seconds: baseline.seconds, signIns: figuresOf(baseline.samples) },
    during: { seconds: during.seconds, signIns: figuresOf(during.samples), reads },
    loads: { baseline: baselineLoad, reads: readLoads },
  };
}

async function main(options: LargeAnswerOptions): Promise<number> {
  const built = buildOwnWorktree(options);
  // After the build, which may wait long for a shared lock: the time and load of the measurement.
  const startedAt = new Date();
  const startLoad = loadNow();
  let servers: Servers | undefined;
  const interrupted = () => {
    void (servers?.stop() ?? Promise.resolve()).then(() => process.exit(130));
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    console.log(`Starting the demo and the test proxy at ${built.ref} (${built.commit.slice(0, 7)})…`);
    servers = await startServers(built.dir);
    const cookie = await signIn(servers.consoleUrl, ROLES.owner.email, ROLES.owner.password);
    await chooseLargeProject(servers.consoleUrl, servers.proxyUrl, cookie);
    // The proxy builds its answer when first asked: asked here, so that work is not counted.
    const answerBytes = (await (await fetch(largeProductsUrl(servers.proxyUrl))).arrayBuffer()).byteLength;
    // One opening checks the page reads the large catalogue and warms the console up.
    console.log(
      `Warm-up opening of ${PRODUCTS}: ${(await openProducts(servers.consoleUrl, cookie)).toFixed(0)} ms`,
    );

    const runs: MeasuredRun[] = [];
    for (let i = 0; i < options.runs; i += 1) {
      const run = await measureRun(servers, cookie, options);
      runs.push(run);
      console.log(
        `run ${i + 1}: sign-in p95 ${run.baseline.signIns.p95.toFixed(0)} ms alone, ${run.during.signIns.p95.toFixed(0)} ms during ${run.during.reads.length} openings (${run.during.reads.map((ms) => (ms / 1000).toFixed(1)).join(", ")} s)`,
      );
    }
    const host = machine();
    const document = readFileSync(DOC, "utf8");
    const section = renderLargeAnswerSection(
      {
        runs,
        startedAt,
        minutes: (Date.now() - startedAt.getTime()) / 60_000,
        ref: built.ref,
        commit: built.commit,
        machine: host,
        loads: { start: startLoad, end: loadNow() },
        answerBytes,
        options,
      },
      earlierRecords(document),
    );
    console.log(`\n${section}\n`);
    if (options.writeDoc) {
      // Read again: the section is all this run changes, whatever changed elsewhere meanwhile.
      writeFileSync(DOC, withSection(readFileSync(DOC, "utf8"), LARGE_ANSWER_SECTION, section));
      console.log(`wrote ${DOC.pathname}`);
    }
    return runs.every((run) => verdict(run, host.cores).met) ? 0 : 1;
  } finally {
    await servers?.stop();
    if (!options.keepWorktree) removeConsole(ROOT, built.dir);
  }
}

let options: LargeAnswerOptions | "help";
try {
  options = parseLargeAnswerOptions(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`bench:large-answer: ${error.message}\n${LARGE_ANSWER_USAGE}`);
  process.exit(2);
}
if (options === "help") {
  console.log(LARGE_ANSWER_USAGE);
  process.exit(0);
}
main(options).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench:large-answer failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
