import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import vitestConfig from "@/vitest.config";
import { TEST_LIMITS } from "./test-limits";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("the tests' time limits", () => {
  it("are made for a slow machine", () => {
    expect(TEST_LIMITS.startMs).toBeGreaterThanOrEqual(60_000);
    expect(TEST_LIMITS.testMs).toBeGreaterThanOrEqual(60_000);
  });

  it("scale with TEST_TIME_SCALE, and refuse a value that is not a positive number", async () => {
    // Fresh copies of the module (the file's own import is cached), against one at scale 1: the
    // run itself may have a TEST_TIME_SCALE (a fresh-clone run at 2 failed when this compared
    // with the file's own import).
    vi.stubEnv("TEST_TIME_SCALE", "1");
    vi.resetModules();
    const unscaled = (await import("./test-limits")).TEST_LIMITS;
    vi.stubEnv("TEST_TIME_SCALE", "2.5");
    vi.resetModules();
    const scaled = (await import("./test-limits")).TEST_LIMITS;
    expect(scaled.startMs).toBe(unscaled.startMs * 2.5);
    expect(scaled.buildMs).toBe(unscaled.buildMs * 2.5);
    for (const bad of ["0", "-1", "fast"]) {
      vi.resetModules();
      vi.stubEnv("TEST_TIME_SCALE", bad);
      await expect(import("./test-limits")).rejects.toThrow(
        `TEST_TIME_SCALE must be a positive number (got "${bad}")`,
      );
    }
  });

  it("are what every vitest project waits for its hooks and tests", () => {
    const projects = (vitestConfig.test?.projects ?? []) as { test?: Record<string, unknown> }[];
    expect(projects.length).toBeGreaterThan(0);
    for (const project of projects)
      expect(project.test, String(project.test?.name)).toMatchObject({
        testTimeout: TEST_LIMITS.testMs,
        hookTimeout: TEST_LIMITS.startMs,
      });
  });

  it("are what Playwright waits for the programs, the browser, a test and an assertion", async () => {
    // The config makes a data folder for the e2e run unless one is given.
    const data = mkdtempSync(join(tmpdir(), "limits-e2e-"));
    vi.stubEnv("E2E_DATA", data);
    try {
      const config = (await import("@/playwright.config")).default;
      const servers = [config.webServer ?? []].flat();
      expect({
        test: config.timeout,
        expect: config.expect?.timeout,
        launch: config.use?.launchOptions?.timeout,
      }).toEqual({ test: TEST_LIMITS.testMs, expect: TEST_LIMITS.expectMs, launch: TEST_LIMITS.startMs });
      expect(servers.length).toBeGreaterThan(0);
      for (const server of servers) {
        // The demo builds the console before it starts both programs; the others only start.
        const limit = server.command.includes("scripts/demo.ts") ? TEST_LIMITS.buildMs : TEST_LIMITS.startMs;
        expect(server.timeout, server.command).toBe(limit);
      }
      expect(config.reporter).toContainEqual(["./scripts/lib/playwright-summary-reporter.ts"]);
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });
});
