import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { listeningPid, processCpu, spent, statCpuMs, TICK_MS } from "./process-cpu";

describe("a process's CPU from /proc (bench:console)", () => {
  it("reads utime + stime from a stat line whose name holds spaces and parentheses", () => {
    const stat = "4242 (next-server (v16)) S 1 2 3 4 5 6 7 8 9 10 1234 56 0 0 20 0 14 0";
    expect(statCpuMs(stat)).toBe((1234 + 56) * 10);
  });

  it("counts this process's work: its main thread and all its threads", () => {
    const before = processCpu(process.pid);
    if (!before) return expect(process.platform).not.toBe("linux");
    // Spin until this thread has spent 150 ms by its own count (getrusage), then /proc must show at
    // least 100 of them. No wall clock: a busy or paused machine makes this slower, never wrong.
    const start = process.threadCpuUsage();
    const spunMs = () => {
      const { user, system } = process.threadCpuUsage(start);
      return (user + system) / 1000;
    };
    while (spunMs() < 150) for (let i = 0; i < 1e6; i += 1) Math.sqrt(i);
    const used = spent(before, processCpu(process.pid));
    expect(used?.main).toBeGreaterThanOrEqual(100);
    // Every thread's figure and the process's are cut to whole ticks apart (user and system time
    // each), so differences of two readings may disagree by a tick or two: seen, main 160 and all 150.
    expect(used?.all).toBeGreaterThanOrEqual((used?.main ?? Number.POSITIVE_INFINITY) - 2 * TICK_MS);
  });

  it("finds the process listening on a port, and nothing for a closed one", async () => {
    const server = createServer().listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as { port: number };
    try {
      if (process.platform === "linux") expect(listeningPid(port)).toBe(process.pid);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(listeningPid(port)).toBeNull();
    expect(processCpu(2 ** 22 + 7)).toBeNull();
  });
});
