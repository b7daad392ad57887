import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { TEST_LIMITS } from "@/testing/test-limits";
import { type BrowserFacts, CHROMIUM_MISSING, planBrowser } from "./browser-check";

/**
 * Before the browser tests, `npm test` makes sure there is a Chromium to run them in
 * (scripts/lib/browser-check.ts): one found is used; a missing one is installed from Debian when
 * the machine allows it (root, apt-get); otherwise the run stops at once, saying what to install.
 */

const nothing: BrowserFacts = {
  chromiumPath: undefined,
  exists: () => false,
  playwrightBrowser: null,
  isRoot: false,
  hasAptGet: false,
};
const only =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path);

describe("planBrowser", () => {
  it("uses Debian's chromium when it is there, and its headless shell before it when both are", () => {
    expect(
      planBrowser({ ...nothing, exists: only("/usr/bin/chromium"), isRoot: true, hasAptGet: true }),
    ).toEqual({
      action: "use",
      path: "/usr/bin/chromium",
    });
    for (const installed of [
      only("/usr/bin/chromium-headless-shell"),
      only("/usr/bin/chromium", "/usr/bin/chromium-headless-shell"),
    ])
      expect(planBrowser({ ...nothing, exists: installed, isRoot: true, hasAptGet: true })).toEqual({
        action: "use",
        path: "/usr/bin/chromium-headless-shell",
      });
  });

  it("uses CHROMIUM_PATH when it names a file, and stops naming it when it does not (never installing over it)", () => {
    expect(
      planBrowser({ ...nothing, chromiumPath: "/opt/chrome/chrome", exists: only("/opt/chrome/chrome") }),
    ).toEqual({ action: "use", path: "/opt/chrome/chrome" });
    const plan = planBrowser({
      ...nothing,
      chromiumPath: "/opt/none",
      exists: only("/usr/bin/chromium"),
      isRoot: true,
      hasAptGet: true,
    });
    expect(plan).toEqual({
      action: "stop",
      message:
        "CHROMIUM_PATH=/opt/none is not a file. Point it at a Chromium or Chrome executable, or unset it to use Debian's (/usr/bin/chromium-headless-shell or /usr/bin/chromium).",
    });
  });

  it("uses Playwright's own browser when it was downloaded", () => {
    const own = "/root/.cache/ms-playwright/chromium-1200/chrome-linux/chrome";
    expect(planBrowser({ ...nothing, playwrightBrowser: own, exists: only(own) })).toEqual({
      action: "use",
      path: undefined,
    });
  });

  it("installs Debian's chromium-headless-shell when none is found and the process is root with apt-get", () => {
    expect(planBrowser({ ...nothing, isRoot: true, hasAptGet: true })).toEqual({ action: "install" });
  });

  it("stops with what to install when none is found and it may not install (not root, or no apt-get)", () => {
    for (const facts of [
      { ...nothing, isRoot: false, hasAptGet: true },
      { ...nothing, isRoot: true, hasAptGet: false },
    ])
      expect(planBrowser(facts)).toEqual({ action: "stop", message: CHROMIUM_MISSING });
    expect(CHROMIUM_MISSING).toBe(
      "The browser tests need Chromium, and none was found. Install Debian's chromium-headless-shell package " +
        "(`sudo apt-get install chromium-headless-shell`: /usr/bin/chromium-headless-shell; its chromium package " +
        "works too), or set CHROMIUM_PATH to a Chromium or Chrome executable, or download Playwright's own " +
        "(`npx playwright install chromium`). Run as root on a machine with apt-get, npm test installs " +
        "Debian's chromium-headless-shell by itself.",
    );
  });
});

describe("npm test without a browser", () => {
  it(
    "stops before its first stage, says why, and counts every stage it did not run as failed",
    async () => {
      const root = fileURLToPath(new URL("../..", import.meta.url));
      const result = await promisify(execFile)(
        `${root}node_modules/.bin/tsx`,
        ["scripts/test.ts", "lint", "playwright"],
        {
          cwd: root,
          env: { ...process.env, CHROMIUM_PATH: "/nonexistent/chromium", TEST_DATABASE_URL: "" },
          timeout: TEST_LIMITS.startMs,
        },
      ).then(
        () => ({ code: 0, stdout: "", stderr: "" }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("CHROMIUM_PATH=/nonexistent/chromium is not a file.");
      const lines = result.stdout.trim().split("\n");
      expect(lines.at(-1)).toBe("total: 0 passed, 2 failed, 0 skipped");
      expect(
        lines.filter((line) => line.includes("did not run: no browser for the browser tests")),
      ).toHaveLength(2);
    },
    TEST_LIMITS.startMs,
  );
});
