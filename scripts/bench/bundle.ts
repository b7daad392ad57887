import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { chromiumPath } from "@/testing/chromium";
import { freePort } from "@/testing/free-port";
import { TEST_LIMITS } from "@/testing/test-limits";
import { waitUntilAnswers } from "@/testing/wait-until-answers";
import { withSection } from "./doc-sections";

/**
 * `npm run bench:bundle`: each console route's first-load JavaScript, gzipped, as a browser
 * receives it. Starts the demo on fresh embedded databases (a production build), signs in as the
 * owner (who sees every page), loads each route in a fresh page with an empty cache, and sums the
 * encoded (transferred) bytes of every script response. Writes the table into docs/benchmarks.md
 * and exits 1 when a target of issue 10 is missed: the heaviest route over 200 kB gzipped, or the
 * overview (the landing page of every role) over 180 kB.
 */

const TARGET_KB = 200;
const OVERVIEW = "/";
const OVERVIEW_TARGET_KB = 180;
const ROUTES = [
  { path: "/sign-in", signedIn: false },
  { path: "/", signedIn: true },
  { path: "/catalogue/products", signedIn: true },
  { path: "/catalogue/prices", signedIn: true },
  { path: "/catalogue/tokens", signedIn: true },
  { path: "/catalogue/translations", signedIn: true },
  { path: "/players", signedIn: true },
  { path: "/players/player-1001", signedIn: true },
  { path: "/items/77", signedIn: true },
  { path: "/awards", signedIn: true },
  { path: "/awards/new", signedIn: true },
  { path: "/awards/bulk", signedIn: true },
  { path: "/wallet", signedIn: true },
  { path: "/settings/users", signedIn: true },
  { path: "/settings/connections", signedIn: true },
  { path: "/approvals", signedIn: true },
  { path: "/approvals/1", signedIn: true },
  { path: "/settings/policies", signedIn: true },
  { path: "/settings/security", signedIn: true },
  { path: "/audit", signedIn: true },
  { path: "/developers/keys", signedIn: true },
  { path: "/developers/requests", signedIn: true },
  { path: "/account", signedIn: true },
];
const DOC = new URL("../../docs/benchmarks.md", import.meta.url);
const CHROMIUM = chromiumPath();

interface RouteSize {
  path: string;
  scripts: number;
  gzipBytes: number;
  rawBytes: number;
}

async function measure(consoleUrl: string): Promise<RouteSize[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const signIn = await browser.newPage();
    await signIn.goto(`${consoleUrl}/sign-in`);
    await signIn.getByLabel("Email").fill("owner@demo.test");
    await signIn.getByLabel("Password").fill("demo-password");
    await signIn.getByRole("button", { name: "Sign in" }).click();
    await signIn.getByTestId("current-user").waitFor();
    const state = await signIn.context().storageState();
    await signIn.context().close();

    const sizes: RouteSize[] = [];
    for (const route of ROUTES) {
      const context = await browser.newContext(route.signedIn ? { storageState: state } : {});
      const page = await context.newPage();
      const scripts: Promise<{ gzip: number; raw: number }>[] = [];
      page.on("requestfinished", (request) => {
        if (request.resourceType() !== "script") return;
        scripts.push(
          Promise.all([request.sizes(), request.response()]).then(async ([size, response]) => ({
            gzip: size.responseBodySize,
            raw: (await response?.body())?.length ?? 0,
          })),
        );
      });
      await page.goto(`${consoleUrl}${route.path}`, { waitUntil: "load" });
      await page.waitForLoadState("networkidle");
      if (new URL(page.url()).pathname !== route.path)
        throw new Error(`${route.path} redirected to ${page.url()}`);
      const measured = await Promise.all(scripts);
      sizes.push({
        path: route.path,
        scripts: measured.length,
        gzipBytes: measured.reduce((sum, s) => sum + s.gzip, 0),
        rawBytes: measured.reduce((sum, s) => sum + s.raw, 0),
      });
      await context.close();
    }
    return sizes;
  } finally {
    await browser.close();
  }
}

const kB = (bytes: number) => (bytes / 1024).toFixed(1);

interface Verdict {
  /** "Heaviest route" or "Overview". */
  what: string;
  route: RouteSize;
  targetKb: number;
  over: boolean;
}

/** Each target of the budget against what was measured. */
function verdicts(sizes: RouteSize[]): Verdict[] {
  const heaviest = sizes.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a));
  const overview = sizes.find((s) => s.path === OVERVIEW);
  if (!overview) throw new Error(`the overview ${OVERVIEW} was not measured`);
  return [
    { what: "Heaviest route", route: heaviest, targetKb: TARGET_KB },
    { what: "Overview", route: overview, targetKb: OVERVIEW_TARGET_KB },
  ].map((v) => ({ ...v, over: v.route.gzipBytes > v.targetKb * 1024 }));
}

const sentence = (v: Verdict) =>
  `${v.what}: \`${v.route.path}\` with ${kB(v.route.gzipBytes)} kB gzipped, ${v.over ? "OVER" : "within"} the target of ${v.targetKb} kB.`;

function render(sizes: RouteSize[], checked: Verdict[]): string {
  const rows = sizes.map((s) => `| \`${s.path}\` | ${s.scripts} | ${kB(s.gzipBytes)} | ${kB(s.rawBytes)} |`);
  return `## Console: first-load JavaScript per route

Recorded by \`npm run bench:bundle\` (scripts/bench/bundle.ts) on ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}
(${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}). A production build (\`next build\`, as the demo runs
it) loaded in Chromium with an empty cache, signed in as the owner; the sum of every script
response of the first load, as transferred (gzip) and unpacked. Targets (issue 10): the heaviest
route at most ${TARGET_KB} kB gzipped, the overview \`${OVERVIEW}\` (every role's landing page) at most
${OVERVIEW_TARGET_KB} kB; the script exits 1 when either is over.

| route | scripts | gzipped kB | unpacked kB |
|---|---|---|---|
${rows.join("\n")}

${checked.map((v) => `- ${sentence(v)}`).join("\n")}`;
}

async function main(): Promise<number> {
  const data = mkdtempSync(join(tmpdir(), "gcc-bundle-"));
  const [consolePort, servicePort] = [await freePort(), await freePort()];
  const consoleUrl = `http://127.0.0.1:${consolePort}`;
  const demo = spawn("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/demo.ts"], {
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
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
    },
  });
  try {
    console.log("Starting the demo (builds the console when its sources changed)…");
    await waitUntilAnswers(`${consoleUrl}/sign-in`, {
      what: "the demo",
      program: demo,
      within: TEST_LIMITS.buildMs,
    });
    const sizes = await measure(consoleUrl);
    const checked = verdicts(sizes);
    for (const s of sizes)
      console.log(`${s.path.padEnd(28)} ${kB(s.gzipBytes).padStart(7)} kB gzipped  (${s.scripts} scripts)`);
    const document = readFileSync(DOC, "utf8");
    writeFileSync(DOC, withSection(document, "console-bundle", render(sizes, checked)));
    console.log(`wrote ${DOC.pathname}`);
    for (const v of checked) (v.over ? console.error : console.log)(`bench:bundle: ${sentence(v)}`);
    return checked.some((v) => v.over) ? 1 : 0;
  } finally {
    try {
      if (demo.pid) process.kill(-demo.pid, "SIGINT");
    } catch {
      // already gone
    }
    await new Promise((resolve) => (demo.exitCode === null ? demo.once("exit", resolve) : resolve(null)));
    rmSync(data, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench:bundle failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
