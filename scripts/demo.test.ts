import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeBatch } from "@/lib/bulk/batch-store";
import { openConsoleDatabase } from "@/lib/db/connection";
import { migrateConsoleDatabase } from "@/lib/db/migrate";
import { DEMO_API_KEY, DEMO_PROJECT_GUID } from "@/service/db/demo-fixture";
import { freePort } from "@/testing/free-port";
import { testFolders } from "@/testing/temp-folders";
import { TEST_LIMITS } from "@/testing/test-limits";

const temp = testFolders("demo");

/** Signs in through Auth.js's own endpoints; the home page's text, or null when refused. */
async function signedInAs(base: string, email: string, password: string): Promise<string | null> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookies = csrf.headers.getSetCookie().map((c) => c.split(";")[0]);
  const callback = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.join("; ") },
    body: new URLSearchParams({ email, password, csrfToken, callbackUrl: `${base}/` }),
  });
  const session = callback.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="));
  if (!session) return null;
  const home = await fetch(`${base}/`, {
    headers: { cookie: session.split(";")[0] as string },
    redirect: "manual",
  });
  expect(home.status).toBe(200);
  // React separates adjacent text with comments: read the text as a person sees it.
  return (await home.text()).replaceAll("<!-- -->", "");
}

interface RunningDemo {
  demo: ChildProcess;
  /** Everything it printed so far, stdout and stderr, including the console's own lines. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once both programs are up and the banner is printed. */
  ready: () => Promise<void>;
}

/** Starts `npm run demo` on its own embedded databases and ports, as a person runs it. */
function startDemo(dataDir: string, servicePort: number, consolePort: number): RunningDemo {
  const demo = spawn("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/demo.ts"], {
    env: {
      ...process.env,
      SERVICE_PGLITE_DIR: dataDir,
      CONSOLE_PGLITE_DIR: `${dataDir}-console`,
      AUTH_SECRET: "",
      CONSOLE_ENCRYPTION_KEY: "",
      CONSOLE_ENCRYPTION_KEYS: "",
      // Not the test run's allow list: the demo allows its own service, as for a person.
      CONSOLE_ALLOWED_SERVICE_HOSTS: "",
      SERVICE_DATABASE_URL: "",
      CONSOLE_DATABASE_URL: "",
      SERVICE_PORT: String(servicePort),
      PORT: String(consolePort),
      SERVICE_LOG_LEVEL: "info",
      DEMO_LOG_DIR: join(dirname(dataDir), "logs"),
      DEMO_VERBOSE: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
    // A process group of its own, so that a start that never got ready can be stopped whole: a
    // SIGINT to the launcher alone left its `next build` running (the launcher's handler is set
    // after the build), and the next test's build refused to start beside it.
    detached: true,
  });
  let output = "";
  demo.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  demo.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    demo.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    demo,
    output: () => output,
    exited,
    async ready() {
      const deadline = Date.now() + TEST_LIMITS.buildMs;
      // The banner is printed once the console serves (scripts/demo.ts).
      while (!output.includes("Demo API key")) {
        if (Date.now() > deadline || demo.exitCode !== null) {
          try {
            if (demo.pid) process.kill(-demo.pid, "SIGKILL");
          } catch {
            // The group is gone already.
          }
          throw new Error(`The demo did not start:\n${output}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
  };
}

/**
 * The folder a demo start keeps the service's data in (the console's beside it, with its secrets
 * file). The first test starts on fresh data, as a person's first `npm run demo` does; the
 * tests of how the demo stops only need a demo that runs, so they start on a copy of the folder
 * the first one left cleanly — a restart, without initdb, migrations and the demo's data and
 * history, which are most of a fresh start's time. Without that folder (the first test failed),
 * fresh data.
 */
let leftCleanly: string | null = null;
function demoDataDir(): string {
  const root = temp.next();
  if (leftCleanly) cpSync(leftCleanly, root, { recursive: true });
  return join(root, "service");
}

/** Waits until nothing answers at `url` any more (the program behind it stopped). */
async function gone(url: string, within = TEST_LIMITS.startMs): Promise<boolean> {
  const deadline = Date.now() + within;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { redirect: "manual" });
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/** A pid the demo's banner printed, by the words after it. */
function printedPid(output: string, pattern: RegExp): number {
  const pid = Number(pattern.exec(output)?.[1]);
  expect(pid, output).toBeGreaterThan(0);
  return pid;
}

/**
 * `npm run demo` end to end, as a person runs it: it builds what needs building, migrates, loads
 * the demo project into an empty database, starts both programs, prints where they are, and
 * stops both on Ctrl-C (SIGINT).
 */
describe("npm run demo", () => {
  it(
    "serves the demo project and the console, prints the key, and stops both on SIGINT",
    async () => {
      const servicePort = await freePort();
      const consolePort = await freePort();
      const dataDir = join(temp.next(), "service");
      // A bulk batch the console was sending when it stopped: the console takes it up at start.
      const player = `resumed-${Date.now().toString(36)}`;
      const consoleDatabase = await openConsoleDatabase({ driver: "pglite", folder: `${dataDir}-console` });
      try {
        await migrateConsoleDatabase(consoleDatabase);
        await writeBatch(
          consoleDatabase.db,
          {
            fileName: "left-over.csv",
            fileSha256: "0".repeat(64),
            connection: "env",
            baseUrl: `http://127.0.0.1:${servicePort}/api/public`,
            projectGuid: DEMO_PROJECT_GUID,
            actorId: null,
            actorEmail: "manager@demo.test",
            reason: "sent before a restart",
          },
          [2, 3].map((line) => ({
            line,
            customerId: `${player}-${line}`,
            tokenGuid: "1b0e7a10-0001-4a11-8b21-0000000000a1",
            symbol: "GOLD",
            contractGuid: "2c1f8b20-0001-4b22-9c32-0000000000b1",
            chain: "DB",
            amount: `${line}.5`,
            mode: "allowance" as const,
            wallet: "",
            mintable: false,
          })),
        );
      } finally {
        await consoleDatabase.close();
      }
      const running = startDemo(dataDir, servicePort, consolePort);
      const { demo, exited } = running;
      try {
        await running.ready();
        const output = running.output();
        const base = `http://127.0.0.1:${servicePort}/api/public`;
        expect(output).toContain(base);
        expect(output).toContain(DEMO_PROJECT_GUID);
        expect(output).toContain(DEMO_API_KEY);
        const tokens = await fetch(`${base}/Tokens/${DEMO_API_KEY}/${DEMO_PROJECT_GUID}`);
        expect(tokens.status).toBe(200);
        const symbols = ((await tokens.json()) as { Data: { Tokens: { Symbol: string }[] } }).Data.Tokens.map(
          (t) => t.Symbol,
        );
        expect(symbols).toEqual(["GOLD", "GEM", "SHARD"]);
        // A quiet demo: the call is in the service's log file, not on the terminal, and so are
        // the build's output and next start's own start-up lines.
        const logs = join(dirname(dataDir), "logs");
        expect(output).toContain(`Logs           ${logs}/`);
        await expect
          .poll(() => readFileSync(join(logs, "service.log"), "utf8"), { timeout: TEST_LIMITS.startMs })
          .toMatch(/"route":"\/api\/public\/Tokens\/:YourAPIKEY\/:ProjectGuid"/);
        expect(readFileSync(join(logs, "console.log"), "utf8")).toMatch(/Ready in/);
        expect(running.output()).not.toMatch(/"msg":"request"|Ready in|▲ Next\.js|Route \(app\)/);
        const consoleBase = `http://127.0.0.1:${consolePort}`;
        // Signed out, the console sends everyone to sign in.
        const home = await fetch(`${consoleBase}/`, { redirect: "manual" });
        expect(home.status).toBe(307);
        expect(home.headers.get("location")).toMatch(/\/sign-in$/);
        expect(output).toMatch(/owner@demo\.test +owner/);
        // Demo users sign in with a password alone unless DEMO_MFA=1 (scripts/lib/demo-mfa.ts).
        expect(output).toContain("Two-factor sign-in is optional here; DEMO_MFA=1 makes owners set it up.");
        expect(await signedInAs(consoleBase, "owner@demo.test", "demo-password")).toContain(
          "owner@demo.test · owner",
        );
        // A demo user signs in (Auth.js credentials over HTTP) and reaches the console as their role.
        expect(await signedInAs(consoleBase, "manager@demo.test", "demo-password")).toContain(
          "manager@demo.test · manager",
        );
        expect(await signedInAs(consoleBase, "manager@demo.test", "wrong-password")).toBeNull();

        // The left-over batch was sent once the console started, without anyone opening it.
        const goldOf = async (customer: string) => {
          const answer = await fetch(`${base}/Tokens/${DEMO_API_KEY}/${DEMO_PROJECT_GUID}/${customer}`);
          // Total is a JSON number on the wire; these amounts are exact as doubles.
          const body = (await answer.json()) as {
            Data: { Tokens: { TokenSymbol: string; Total: number }[] };
          };
          return body.Data.Tokens.find((t) => t.TokenSymbol === "GOLD")?.Total;
        };
        const sentBy = Date.now() + TEST_LIMITS.startMs;
        while ((await goldOf(`${player}-3`)) === undefined && Date.now() < sentBy)
          await new Promise((resolve) => setTimeout(resolve, 250));
        expect([await goldOf(`${player}-2`), await goldOf(`${player}-3`)], running.output()).toEqual([
          2.5, 3.5,
        ]);
        expect(running.output()).toContain("[bulk] resumed 1 batch");
      } finally {
        demo.kill("SIGINT");
      }
      expect((await exited).code).toBe(0);
      // Both programs are gone and the embedded database's lock is released.
      await expect(fetch(`http://127.0.0.1:${servicePort}/api/public/health`)).rejects.toThrow();
      await expect(fetch(`http://127.0.0.1:${consolePort}/`)).rejects.toThrow();
      expect(existsSync(`${dataDir}.lock`)).toBe(false);
      leftCleanly = dirname(dataDir);
    },
    TEST_LIMITS.buildMs + TEST_LIMITS.testMs,
  );

  it(
    "when the console dies (killed, as the out-of-memory killer does), says which and how, and stops the service",
    async () => {
      const servicePort = await freePort();
      const consolePort = await freePort();
      const dataDir = demoDataDir();
      const running = startDemo(dataDir, servicePort, consolePort);
      try {
        await running.ready();
        const consolePid = printedPid(running.output(), /next start, pid (\d+)\)/);
        process.kill(consolePid, "SIGKILL");
        const { code } = await running.exited;
        expect(code, running.output()).toBe(1);
        expect(running.output()).toContain(
          `The console (next start, pid ${consolePid}) stopped: it was ended by SIGKILL — out of memory?`,
        );
        expect(running.output()).toContain("Stopping the service too.");
      } finally {
        running.demo.kill("SIGINT");
      }
      expect(await gone(`http://127.0.0.1:${servicePort}/api/public/health`)).toBe(true);
      expect(existsSync(`${dataDir}.lock`)).toBe(false);
    },
    TEST_LIMITS.buildMs + TEST_LIMITS.testMs,
  );

  it(
    "when the launcher (which runs the service) dies unawares, the console says so and stops",
    async () => {
      const servicePort = await freePort();
      const consolePort = await freePort();
      const dataDir = demoDataDir();
      const running = startDemo(dataDir, servicePort, consolePort);
      let consolePid = 0;
      try {
        await running.ready();
        consolePid = printedPid(running.output(), /next start, pid (\d+)\)/);
        const launcherPid = printedPid(running.output(), /pid (\d+), in this launcher/);
        // No handler runs on SIGKILL: only the console can notice, through its channel to the launcher.
        process.kill(launcherPid, "SIGKILL");
        expect(await gone(`http://127.0.0.1:${consolePort}/`), running.output()).toBe(true);
        expect(running.output()).toContain(
          "The demo launcher (which runs the service) is gone: stopping the console too.",
        );
      } finally {
        running.demo.kill("SIGINT");
        try {
          if (consolePid) process.kill(-consolePid, "SIGKILL");
        } catch {
          // Gone, as it should be.
        }
      }
    },
    TEST_LIMITS.buildMs + TEST_LIMITS.testMs,
  );
});
