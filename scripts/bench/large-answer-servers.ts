import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TEST_LIMITS } from "@/testing/test-limits";
import { waitUntilAnswers } from "@/testing/wait-until-answers";

/**
 * The programs `npm run bench:large-answer` measures, started from a built worktree: the demo
 * (`npm run demo`'s launcher: the reference service on fresh demo data and the console under
 * `next start`) and scripts/e2e/test-proxy.ts in front of the service, whose `/large/…` GET
 * Products answers 29 MiB.
 */

/**
 * The benchmark's ports, all chosen here: its own, apart from the e2e's (3200–3204, e2e/servers.ts)
 * and 3300–3304, so that it can run while others run Playwright.
 */
export const LARGE_ANSWER_PORTS = { console: 3400, service: 3401, proxy: 3402 } as const;

export interface Servers {
  consoleUrl: string;
  proxyUrl: string;
  stop(): Promise<void>;
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

async function stopGroup(program: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (program.exitCode !== null || program.signalCode !== null) return;
  const exited = new Promise((resolve) => program.once("exit", resolve));
  try {
    if (program.pid) process.kill(-program.pid, signal);
  } catch {
    // already gone
  }
  await exited;
}

/** Starts the proxy and the demo in `dir` (a built worktree) on LARGE_ANSWER_PORTS. */
export async function startServers(dir: string): Promise<Servers> {
  const ports = LARGE_ANSWER_PORTS;
  for (const [name, port] of Object.entries(ports))
    if (!(await portIsFree(port)))
      throw new Error(`port ${port} (the ${name}'s, LARGE_ANSWER_PORTS) is in use: is another run going on?`);
  const data = mkdtempSync(join(tmpdir(), "gcc-bench-large-answer-data-"));
  const consoleUrl = `http://127.0.0.1:${ports.console}`;
  const proxyUrl = `http://127.0.0.1:${ports.proxy}`;
  let proxy: ChildProcess | undefined;
  let demo: ChildProcess | undefined;
  const stop = async () => {
    // The demo's launcher stops its console and service on SIGINT, as on Ctrl-C.
    if (demo) await stopGroup(demo, "SIGINT");
    if (proxy) await stopGroup(proxy, "SIGTERM");
    rmSync(data, { recursive: true, force: true });
  };
  try {
    proxy = spawn("node_modules/.bin/tsx", ["scripts/e2e/test-proxy.ts"], {
      cwd: dir,
      detached: true,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, E2E_PROXY_PORT: String(ports.proxy), E2E_SERVICE_PORT: String(ports.service) },
    });
    await waitUntilAnswers(`${proxyUrl}/__health`, { what: "the test proxy", program: proxy });

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      SERVICE_PGLITE_DIR: join(data, "service"),
      CONSOLE_PGLITE_DIR: join(data, "console"),
      SERVICE_DATABASE_URL: "",
      CONSOLE_DATABASE_URL: "",
      SERVICE_PORT: String(ports.service),
      PORT: String(ports.console),
      SERVICE_LOG_LEVEL: "warn",
      AUTH_SECRET: "",
      CONSOLE_ENCRYPTION_KEY: "",
      CONSOLE_ENCRYPTION_KEYS: "",
      // The proxy is on loopback: the console calls it only when told it may (docs/console.md,
      // "Addresses the console calls"); the demo adds its own service.
      CONSOLE_ALLOWED_SERVICE_HOSTS: `127.0.0.1:${ports.proxy}`,
    };
    // The console as it runs in production, and an owner who signs in with a password alone.
    for (const name of ["CONSOLE_CALL_COUNTS_FILE", "DEMO_MFA", "CONSOLE_OWNER_MFA", "CONSOLE_HOST"])
      delete env[name];
    demo = spawn("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/demo.ts"], {
      cwd: dir,
      detached: true,
      stdio: ["ignore", "ignore", "inherit"],
      env,
    });
    await waitUntilAnswers(`${consoleUrl}/sign-in`, {
      what: "the demo",
      program: demo,
      within: TEST_LIMITS.buildMs,
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { consoleUrl, proxyUrl, stop };
}
