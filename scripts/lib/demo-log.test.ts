import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { testFolders } from "@/testing/temp-folders";
import { isConsoleReady, isConsoleStartNoise, minuteSummary, serviceLogSink } from "./demo-log";

const temp = testFolders("demo-log");

const request = (status: number) =>
  `${JSON.stringify({ level: 30, msg: "request", route: "/api/public/Tokens/:YourAPIKEY/:ProjectGuid", status })}\n`;

describe("the demo's service log", () => {
  it("keeps every line in its file, counts the calls and passes on only warnings and errors", () => {
    const file = join(temp.next(), "logs", "service.log");
    const shown: string[] = [];
    const sink = serviceLogSink(file, (line) => shown.push(line));
    sink.write(request(200));
    // pino may hand over more than one line at once.
    sink.write(`${request(404)}${request(500)}`);
    sink.write(`${JSON.stringify({ level: 40, msg: "slow database" })}\n`);
    sink.write(`${JSON.stringify({ level: 50, msg: "connection lost" })}\n`);

    expect(readFileSync(file, "utf8").trim().split("\n")).toHaveLength(5);
    expect(shown).toEqual(["service warning: slow database", "service error: connection lost"]);
    expect(sink.take()).toEqual({ calls: 3, refused: 1, failed: 1 });
    // A minute's count starts again from nothing.
    expect(sink.take()).toEqual({ calls: 0, refused: 0, failed: 0 });
  });

  it("says a minute's calls in one line, and nothing for a quiet minute", () => {
    const at = new Date("2026-12-07T14:05:00.000Z");
    expect(minuteSummary(at, { calls: 62, refused: 3, failed: 0 }, ".data/logs/service.log")).toBe(
      "[14:05 UTC] 62 service calls in the last minute (3 refused, 0 failed); every call is in .data/logs/service.log",
    );
    expect(minuteSummary(at, { calls: 1, refused: 0, failed: 0 }, "f")).toContain("1 service call in");
    expect(minuteSummary(at, { calls: 0, refused: 0, failed: 0 }, "f")).toBeNull();
  });
});

describe("the console's output in the demo", () => {
  it.each([
    ["   ▲ Next.js 16.4.6", true],
    ["   - Local:        http://localhost:3000", true],
    ["   - Network:      http://10.0.0.2:3000", true],
    [" ✓ Starting...", true],
    [" ✓ Ready in 812ms", true],
    ["", true],
    ["[bulk] resumed 1 batch", false],
    [" ⚠ Invalid next.config.ts options detected", false],
    ["Error: listen EADDRINUSE: address already in use :::3000", false],
  ])("%j is start-up noise: %s", (line, noise) => {
    expect(isConsoleStartNoise(line)).toBe(noise);
  });

  it("knows the line that says the console serves", () => {
    expect(isConsoleReady(" ✓ Ready in 812ms")).toBe(true);
    expect(isConsoleReady(" ✓ Starting...")).toBe(false);
  });
});
