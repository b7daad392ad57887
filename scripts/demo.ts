import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { FolderLockedError } from "@/common/folder-lock";
import { DEMO_PASSWORD, DEMO_USERS, ensureDemoUsers } from "@/lib/auth/demo-users";
import { consoleAddressPolicy } from "@/lib/connections/address-policy";
import { openConsoleDatabase } from "@/lib/db/connection";
import { migrateConsoleDatabase } from "@/lib/db/migrate";
import { ConsoleEnvError, consoleDatabaseTarget, consoleEnv } from "@/lib/env";
import { openDatabase } from "@/service/db/connection";
import { DEMO_API_KEY, DEMO_PROJECT_GUID, demoFixture } from "@/service/db/demo-fixture";
import { migrateServiceDatabase } from "@/service/db/migrate";
import { importFixture } from "@/service/domain/import";
import { databaseTarget, EnvError, loadServiceEnv } from "@/service/env";
import { startService } from "@/service/server";
import { isNewConsole, sendDemoHistory } from "./demo-history";
import { buildConsoleIfNeeded } from "./lib/console-build";
import { consoleListen } from "./lib/console-listen";
import { isConsoleReady, isConsoleStartNoise, minuteSummary, serviceLogSink } from "./lib/demo-log";
import { demoOwnerMfa } from "./lib/demo-mfa";
import { withDemoService } from "./lib/demo-service-hosts";
import { describeExit } from "./lib/program-exit";

/**
 * `npm run demo`: builds the console when its sources changed, migrates, loads the demo project
 * into an empty service database, starts the service and the console, prints where they are,
 * and stops both on Ctrl-C. When one of them stops on its own, it says which and why, and
 * stops the other (docs/console.md, "When a program of the demo stops").
 */

const ROOT = process.cwd();
/** At most one line a minute about the service's calls (scripts/lib/demo-log.ts). */
const SUMMARY_EVERY_MS = 60_000;
/**
 * A new demo's first start: a short award history sent through the service by the console's own
 * code (scripts/demo-history.ts), so the overview and the history are not empty. It runs here,
 * after the service is up and before the console starts, because the embedded console database
 * admits one process at a time; it took 3 s on a 2-core machine under heavy load. DEMO_HISTORY=0
 * skips it. A failure is reported and the demo starts regardless.
 */
async function sendHistory(
  target: ReturnType<typeof consoleDatabaseTarget>,
  connection: Parameters<typeof sendDemoHistory>[1],
): Promise<void> {
  const started = Date.now();
  const database = await openConsoleDatabase(target);
  try {
    const sent = await sendDemoHistory(database.db, connection);
    const queued = sent.statuses.queued ?? 0;
    console.log(
      `Sent the new demo's award history as manager@demo.test: ${sent.awards} awards (${queued} queued for project funds, ${sent.statuses["awaiting-approval"] ?? 0} waiting for approval under the sample GEM policy) and a bulk batch of ${sent.batchRows} rows, in ${((Date.now() - started) / 1000).toFixed(1)} s (DEMO_HISTORY=0 skips it).`,
    );
  } catch (error) {
    console.error(`The demo's award history could not be sent: ${(error as Error).message}`);
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const env = loadServiceEnv();
  const listen = consoleListen(process.env);
  // Before the console's environment is first read: this launcher's own calls (the first-start
  // history) and the console it starts, which inherits it, may call the demo's service.
  process.env.CONSOLE_ALLOWED_SERVICE_HOSTS = withDemoService(
    process.env.CONSOLE_ALLOWED_SERVICE_HOSTS,
    env.SERVICE_HOST,
    env.SERVICE_PORT,
  );
  // Before the console's environment is first read (scripts/lib/demo-mfa.ts).
  process.env.CONSOLE_OWNER_MFA = demoOwnerMfa(process.env);
  const logDir = process.env.DEMO_LOG_DIR || join(".data", "logs");
  const logs = {
    build: join(logDir, "build.log"),
    service: join(logDir, "service.log"),
    console: join(logDir, "console.log"),
  };
  const verbose = process.env.DEMO_VERBOSE === "1";
  buildConsoleIfNeeded(ROOT, logs.build);

  const database = await openDatabase(databaseTarget(env));
  try {
    await migrateServiceDatabase(database);
    const existing = (await database.db.execute(
      "select count(*)::int as n from service.projects" as never,
    )) as unknown as {
      rows: { n: number }[];
    };
    if ((existing.rows[0]?.n ?? 0) === 0) {
      await importFixture(database.db, demoFixture(), { reset: false });
      console.log("Loaded the demo project into the empty service database.");
    }
  } finally {
    await database.close();
  }

  const consoleTarget = consoleDatabaseTarget(consoleEnv());
  const consoleDatabase = await openConsoleDatabase(consoleTarget);
  let firstStart = false;
  try {
    await migrateConsoleDatabase(consoleDatabase);
    firstStart = await isNewConsole(consoleDatabase.db);
    await ensureDemoUsers(consoleDatabase.db);
  } finally {
    await consoleDatabase.close();
  }

  const serviceLog = serviceLogSink(logs.service, (line) => console.error(line), verbose);
  // A demo's webhooks may go to a receiver on this machine (docs/service.md, "Webhooks"): the
  // service itself listens on this machine only unless SERVICE_HOST says otherwise.
  const service = await startService(
    {
      ...env,
      SERVICE_WEBHOOK_ALLOWED_HOSTS: env.SERVICE_WEBHOOK_ALLOWED_HOSTS ?? ["127.0.0.1", "localhost", "[::1]"],
    },
    { logStream: serviceLog },
  );
  const connection = {
    baseUrl: service.url,
    projectGuid: DEMO_PROJECT_GUID,
    apiKey: DEMO_API_KEY,
    addresses: consoleAddressPolicy(consoleEnv()),
  };
  if (firstStart && process.env.DEMO_HISTORY !== "0") await sendHistory(consoleTarget, connection);
  // Next's own bin in a node of ours (no npx or shell between), so the exit code or signal seen
  // here is the console's own. Its own process group, so that stopping the demo stops every
  // process it started. The IPC channel and the preload stop it if this process dies unawares.
  const requireHere = createRequire(import.meta.url);
  const next: ChildProcess = spawn(
    process.execPath,
    [
      "--require",
      join(ROOT, "scripts", "lib", "exit-with-launcher.cjs"),
      // Forwarded headers believed only from TRUSTED_PROXIES (docs/console.md, "Sign-in").
      "--require",
      join(ROOT, "lib", "http", "forwarded-headers-preload.cjs"),
      requireHere.resolve("next/dist/bin/next"),
      "start",
      "-p",
      String(listen.port),
      "-H",
      listen.host,
    ],
    {
      detached: true,
      stdio: ["ignore", "pipe", "inherit", "ipc"],
      env: {
        ...process.env,
        // Notifications link to the console where this demo serves it, and may go to a receiver
        // on this machine (docs/console.md, "Notifications").
        CONSOLE_PUBLIC_URL: process.env.CONSOLE_PUBLIC_URL || listen.url,
        CONSOLE_ALLOWED_NOTIFICATION_HOSTS:
          process.env.CONSOLE_ALLOWED_NOTIFICATION_HOSTS || "127.0.0.1,localhost,[::1]",
        NEXT_TELEMETRY_DISABLED: "1",
        COMMERCE_BASE_URL: connection.baseUrl,
        COMMERCE_PROJECT_GUID: connection.projectGuid,
        COMMERCE_API_KEY: connection.apiKey,
        COMMERCE_PROJECT_NAME: demoFixture().project.name ?? "Demo project",
      },
    },
  );

  const key = DEMO_API_KEY;
  const printBanner = () =>
    console.log(`
  Game Commerce demo is running (Ctrl-C stops it)

  Console        ${listen.url}   (next start, pid ${next.pid})
  Service        ${service.url}   (${service.database.driver}, pid ${process.pid}, in this launcher)
  Project GUID   ${DEMO_PROJECT_GUID}
  Demo API key   ${key}   (demo data only)

  Demo users (demo only; password "${DEMO_PASSWORD}"):
${DEMO_USERS.map((user) => `    ${user.email.padEnd(20)} ${user.role}`).join("\n")}
  ${process.env.CONSOLE_OWNER_MFA === "required" ? "Owners set up two-factor sign-in at their first sign-in (DEMO_MFA=1)." : "Two-factor sign-in is optional here; DEMO_MFA=1 makes owners set it up."}

  Try:  curl ${service.url}/Tokens/${key}/${DEMO_PROJECT_GUID}

  Logs           ${logDir}/ (service.log: every call; console.log; build.log)${verbose ? "" : "\n                 Here: warnings, errors and a line a minute on the service's calls (DEMO_VERBOSE=1 prints every line)"}
`);

  // The console's output: to its file; its start-up lines give way to the banner, printed once it
  // serves (docs/console.md, "A quiet demo"); anything else it says is shown.
  writeFileSync(logs.console, "");
  let bannerShown = false;
  if (next.stdout)
    createInterface({ input: next.stdout }).on("line", (line) => {
      appendFileSync(logs.console, `${line}\n`);
      if (verbose || !isConsoleStartNoise(line)) console.log(line);
      if (!bannerShown && isConsoleReady(line)) {
        bannerShown = true;
        printBanner();
      }
    });
  const summaries = setInterval(() => {
    const line = minuteSummary(new Date(), serviceLog.take(), logs.service);
    if (line && !verbose) console.log(line);
  }, SUMMARY_EVERY_MS);
  summaries.unref();

  let stopping = false;
  const nextExited = new Promise<void>((resolve) => next.once("exit", () => resolve()));
  const stopConsole = () => {
    try {
      if (next.pid && next.exitCode === null) process.kill(-next.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  };
  // However the demo ends, the console must not outlive it.
  process.once("exit", stopConsole);
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    stopConsole();
    await Promise.all([service.stop(), nextExited]);
    process.exit(code);
  };
  // When one program stops on its own, the other stops too: a demo half up looks like a working
  // one until a page fails, and this process would keep the service's port and embedded
  // database, so `npm run demo` could not simply be run again. Saying which one stopped and how
  // is what makes that bearable.
  next.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(
        `\nThe console (next start, pid ${next.pid}) stopped: it ${describeExit(code, signal)}. Stopping the service too.`,
      );
      void stop(1);
    }
  });
  next.on("error", (error) => {
    console.error(`\nThe console could not be started: ${error.message}. Stopping the service too.`);
    void stop(1);
  });
  // The service runs in this process: an error nothing caught is the service failing.
  const serviceFailed = (error: unknown) => {
    console.error(
      `\nThe service (pid ${process.pid}, in the demo launcher) failed: ${(error as Error)?.stack ?? String(error)}\nStopping the console too.`,
    );
    // Its state is unknown now: give the orderly stop a few seconds, then go regardless.
    setTimeout(() => process.exit(1), 10_000);
    void stop(1);
  };
  process.on("uncaughtException", serviceFailed);
  process.on("unhandledRejection", serviceFailed);
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));
}

main().catch((error: unknown) => {
  const known =
    error instanceof EnvError || error instanceof ConsoleEnvError || error instanceof FolderLockedError;
  console.error(known ? (error as Error).message : `The demo could not start: ${(error as Error).message}`);
  process.exit(1);
});
