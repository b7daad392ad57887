import { spawn } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { DEBIAN_BROWSERS, DEBIAN_HEADLESS_SHELL } from "@/testing/chromium";

/**
 * Before the browser tests, `npm test` (scripts/test.ts) makes sure there is a Chromium to run
 * them in, so that `npm install && npm test` passes on a fresh machine by itself (README,
 * "Tests"): the one testing/chromium.ts would launch is used; a missing one is installed from
 * Debian when the machine allows it (root with apt-get: Playwright cannot download its own
 * browser on every machine, Debian's package installs anywhere apt works) — the headless shell,
 * the lighter of Debian's two, while the stages before the browser tests run; otherwise the run
 * stops at once, before minutes of other stages, saying what to install.
 */

export interface BrowserFacts {
  /** CHROMIUM_PATH, when set. */
  chromiumPath: string | undefined;
  exists: (path: string) => boolean;
  /** Where Playwright's own Chromium would be, or null when Playwright knows none here. */
  playwrightBrowser: string | null;
  isRoot: boolean;
  hasAptGet: boolean;
}

export type BrowserPlan =
  /** `path` undefined: Playwright's own browser. */
  { action: "use"; path: string | undefined } | { action: "install" } | { action: "stop"; message: string };

export const CHROMIUM_MISSING =
  "The browser tests need Chromium, and none was found. Install Debian's chromium-headless-shell package " +
  `(\`sudo apt-get install chromium-headless-shell\`: ${DEBIAN_HEADLESS_SHELL}; its chromium package works too), ` +
  "or set CHROMIUM_PATH to a Chromium or Chrome executable, or download Playwright's own " +
  "(`npx playwright install chromium`). Run as root on a machine with apt-get, npm test installs " +
  "Debian's chromium-headless-shell by itself.";

export function planBrowser(facts: BrowserFacts): BrowserPlan {
  if (facts.chromiumPath)
    return facts.exists(facts.chromiumPath)
      ? { action: "use", path: facts.chromiumPath }
      : {
          action: "stop",
          message: `CHROMIUM_PATH=${facts.chromiumPath} is not a file. Point it at a Chromium or Chrome executable, or unset it to use Debian's (${DEBIAN_BROWSERS.join(" or ")}).`,
        };
  const debian = DEBIAN_BROWSERS.find((path) => facts.exists(path));
  if (debian) return { action: "use", path: debian };
  if (facts.playwrightBrowser && facts.exists(facts.playwrightBrowser))
    return { action: "use", path: undefined };
  if (facts.isRoot && facts.hasAptGet) return { action: "install" };
  return { action: "stop", message: CHROMIUM_MISSING };
}

function onPath(program: string): boolean {
  return (process.env.PATH ?? "").split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, program), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

async function playwrightBrowser(): Promise<string | null> {
  try {
    const { chromium } = await import("@playwright/test");
    return chromium.executablePath();
  } catch {
    return null;
  }
}

export async function browserFacts(): Promise<BrowserFacts> {
  return {
    chromiumPath: process.env.CHROMIUM_PATH || undefined,
    exists: existsSync,
    playwrightBrowser: await playwrightBrowser(),
    isRoot: process.getuid?.() === 0,
    hasAptGet: onPath("apt-get"),
  };
}

/**
 * The browser tests' browser, before any stage runs: `stop` with the message to stop with when
 * there is none and none can be installed; otherwise `ready`, which settles once there is one —
 * at once when it is there, after Debian's chromium-headless-shell is installed when the plan
 * says so (null), or with the message to fail the browser stage with when the install failed.
 * The install runs beside the stages before the browser tests (about 15 s on this kind of
 * machine, mostly download and unpacking), its output held and printed when it ends.
 */
export async function prepareBrowser(): Promise<{ stop: string } | { ready: Promise<string | null> }> {
  const plan = planBrowser(await browserFacts());
  if (plan.action === "stop") return { stop: plan.message };
  if (plan.action === "use") return { ready: Promise.resolve(null) };
  console.log(
    "No Chromium for the browser tests: installing Debian's chromium-headless-shell (apt-get) beside the stages before them…",
  );
  return { ready: installHeadlessShell() };
}

async function installHeadlessShell(): Promise<string | null> {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "chromium-headless-shell"],
  ]) {
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const chunks: Buffer[] = [];
      const child = spawn("apt-get", args, { env, stdio: ["ignore", "pipe", "pipe"] });
      child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
      child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
      child.on("error", (error) => resolve({ code: null, output: error.message }));
      child.on("close", (status) => resolve({ code: status, output: Buffer.concat(chunks).toString() }));
    });
    if (code !== 0) {
      console.error(`\n── apt-get ${args.join(" ")}: exit ${code ?? "by a signal"}\n${output}`);
      return `apt-get ${args.join(" ")} failed (${code === null ? output : `exit ${code}`}). ${CHROMIUM_MISSING}`;
    }
  }
  if (!existsSync(DEBIAN_HEADLESS_SHELL))
    return `apt-get installed chromium-headless-shell, but ${DEBIAN_HEADLESS_SHELL} is not there. ${CHROMIUM_MISSING}`;
  console.log(
    `\nInstalled Debian's chromium-headless-shell for the browser tests (${DEBIAN_HEADLESS_SHELL}).`,
  );
  return null;
}
