import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import { type ConsolePage, pagesFor } from "@/e2e/console-pages";
import { ROLES, type RoleName } from "@/e2e/roles";
import { chromiumPath } from "@/testing/chromium";
import { freePort } from "@/testing/free-port";
import { TEST_LIMITS } from "@/testing/test-limits";
import { waitUntilAnswers } from "@/testing/wait-until-answers";

/**
 * `npm run screenshots`: the whole console in a folder of PNGs, so a reviewer can look at every
 * page in a minute (docs/console.md, "Screenshots"). Signs in as each role and shoots every page
 * that role may open at 1440×900 and 390×844, light and dark, full page. Against a running
 * console with SCREENSHOTS_URL (its demo users must exist), otherwise it starts its own demo on
 * free ports and throwaway data. Writes to SCREENSHOTS_DIR, default ./screenshots (not committed).
 */

const VIEWPORTS = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;
const THEMES = ["light", "dark"] as const;

async function startDemo(): Promise<{ url: string; demo: ChildProcess; data: string }> {
  const [consolePort, servicePort] = [await freePort(), await freePort()];
  const data = mkdtempSync(join(tmpdir(), "gcc-screenshots-"));
  const demo = spawn("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/demo.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(consolePort),
      SERVICE_PORT: String(servicePort),
      SERVICE_PGLITE_DIR: join(data, "service"),
      CONSOLE_PGLITE_DIR: join(data, "console"),
      SERVICE_DATABASE_URL: "",
      CONSOLE_DATABASE_URL: "",
      SERVICE_LOG_LEVEL: "warn",
    },
  });
  const url = `http://127.0.0.1:${consolePort}`;
  console.log(`Starting the demo on ${url} (builds the console first when needed)…`);
  await waitUntilAnswers(`${url}/sign-in`, { what: "the demo", program: demo, within: TEST_LIMITS.buildMs });
  return { url, demo, data };
}

async function signIn(page: Page, url: string, role: RoleName): Promise<void> {
  await page.goto(`${url}/sign-in`);
  await page.getByLabel("Email").fill(ROLES[role].email);
  await page.getByLabel("Password").fill(ROLES[role].password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((current) => !current.pathname.startsWith("/sign-in"), {
    timeout: TEST_LIMITS.startMs,
  });
}

/** The demo's records that have no fixed address: its first award and its first batch. */
async function recordPages(page: Page, url: string): Promise<ConsolePage[]> {
  const found: ConsolePage[] = [];
  for (const [list, pattern, title] of [
    ["/awards", /^\/awards\/(?!new$|bulk|export\.csv$)[^/]+$/, "award"],
    ["/awards/bulk", /^\/awards\/bulk\/\d+$/, "batch"],
  ] as const) {
    await page.goto(`${url}${list}`);
    const hrefs = await page
      .locator("a[href]")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    const href = hrefs.find((candidate) => pattern.test(candidate));
    if (href) found.push({ path: href, title, role: "support" });
  }
  return found;
}

function fileName(path: string): string {
  return path === "/" ? "overview" : path.slice(1).replace(/[^a-zA-Z0-9-]+/g, "_");
}

async function shootRole(browser: Browser, url: string, role: RoleName, out: string): Promise<number> {
  let count = 0;
  for (const theme of THEMES) {
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ viewport, colorScheme: theme });
      // The console remembers the theme per browser (docs/console.md, "Theme"): set it before any page runs.
      await context.addInitScript((choice) => window.localStorage.setItem("gcc-theme", choice), theme);
      const page = await context.newPage();
      await signIn(page, url, role);
      const pages = [
        ...pagesFor(role),
        ...(role === "manager" ? await recordPages(page, url) : []),
        { path: "/no-such-page", title: "404", role: "support" as const },
      ];
      for (const shown of pages) {
        await page.goto(`${url}${shown.path}`);
        await page.waitForLoadState("networkidle").catch(() => undefined);
        const file = join(out, role, `${fileName(shown.path)}.${viewport.name}.${theme}.png`);
        await page.screenshot({ path: file, fullPage: true });
        count += 1;
      }
      await context.close();
    }
  }
  return count;
}

async function main(): Promise<void> {
  const out = resolve(process.env.SCREENSHOTS_DIR ?? "screenshots");
  const given = process.env.SCREENSHOTS_URL?.replace(/\/$/, "");
  if (given && !/^https?:\/\//.test(given))
    throw new Error("SCREENSHOTS_URL must be the console's address, e.g. http://127.0.0.1:3000");
  const started = given ? null : await startDemo();
  const url = given ?? started?.url ?? "";
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    rmSync(out, { recursive: true, force: true });
    let total = 0;
    for (const role of Object.keys(ROLES) as RoleName[]) {
      mkdirSync(join(out, role), { recursive: true });
      const count = await shootRole(browser, url, role, out);
      console.log(`${role}: ${count} screenshots`);
      total += count;
    }
    console.log(`${total} screenshots in ${out}`);
  } finally {
    await browser.close();
    if (started) {
      started.demo.kill("SIGINT");
      await new Promise((done) => started.demo.once("exit", done));
      rmSync(started.data, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  console.error(`screenshots: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
