import { afterEach, describe, expect, it } from "vitest";
import type { SweepResult } from "../domain/request-log";
import type { RequestLogBatch, RequestLogRow } from "../domain/request-log-batch";
import { PACKED_TOGETHER, type RequestLogSink, RequestLogWriter } from "./request-log";

interface SlowSink {
  sink: RequestLogSink;
  written: RequestLogRow[][];
  waiting: { batch: RequestLogBatch; finish(error?: Error): void }[];
}

/** A sink whose writes wait until the test lets them finish: a database as slow as the test wants. */
function slowSink(): SlowSink {
  const written: RequestLogRow[][] = [];
  const waiting: SlowSink["waiting"] = [];
  const sink: RequestLogSink = {
    write: (batch) =>
      new Promise<void>((resolve, reject) => {
        waiting.push({
          batch,
          finish: (error) => {
            if (error) reject(error);
            else {
              written.push(batch.rows());
              resolve();
            }
          },
        });
      }),
    sweep: async (): Promise<SweepResult> => ({ expired: 0, overflow: 0 }),
  };
  const made = { sink, written, waiting };
  sinks.push(made);
  return made;
}

function entry(n: number): RequestLogRow {
  return {
    at: 1_800_000_000_000 + n,
    projectId: 1,
    keyId: 1,
    method: "GET",
    route: "/Products/:YourAPIKEY/:ProjectGuid",
    status: 200,
    durationUs: 100,
    errorCode: null,
    error: null,
    requestId: null,
    customerId: null,
    callerRequestId: `call-${n}`,
    ip: null,
  };
}

function logger() {
  const lines: { level: "warn" | "error"; details: object; message: string }[] = [];
  return {
    lines,
    warn: (details: object, message: string) => lines.push({ level: "warn", details, message }),
    error: (details: object, message: string) => lines.push({ level: "error", details, message }),
  };
}

const writers: RequestLogWriter[] = [];
const sinks: SlowSink[] = [];
afterEach(async () => {
  // Closing writes what is left: let the slow sinks answer every write, then and meanwhile.
  const release = setInterval(() => {
    for (const sink of sinks) for (const write of sink.waiting.splice(0)) write.finish();
  }, 5);
  try {
    for (const writer of writers.splice(0)) await writer.close();
  } finally {
    clearInterval(release);
    sinks.length = 0;
  }
});

// Long timers: the tests flush by hand, so nothing happens behind their back.
const settings = { enabled: true, keptDays: 7, maxRows: 2_000_000, flushMs: 60_000, sweepMs: 0 };

function writer(sink: RequestLogSink, log: ReturnType<typeof logger>, extra: object = {}) {
  const made = new RequestLogWriter(sink, { ...settings, ...extra }, log);
  writers.push(made);
  return made;
}

describe("request log writer (docs/service.md, Request log)", () => {
  it("record only buffers; a flush writes everything waiting as one batch", async () => {
    const { sink, written, waiting } = slowSink();
    const log = writer(sink, logger());
    for (let n = 0; n < 3; n += 1) log.record(entry(n));
    expect(waiting).toHaveLength(0);
    expect(log.stats()).toMatchObject({ buffered: 3, written: 0 });
    const flushed = log.flush();
    expect(waiting).toHaveLength(1);
    waiting[0]?.finish();
    await flushed;
    expect(written).toEqual([[entry(0), entry(1), entry(2)]]);
    expect(log.stats()).toEqual({ buffered: 0, written: 3, dropped: 0, failed: 0 });
  });

  it("bounds memory: past maxBuffered (the write in progress included) entries are dropped, counted and warned once per write", async () => {
    const { sink, written, waiting } = slowSink();
    const lines = logger();
    const log = writer(sink, lines, { maxBuffered: 10, batchSize: 1000 });
    for (let n = 0; n < 6; n += 1) log.record(entry(n));
    const first = log.flush(); // 6 entries in flight, the database does not answer
    for (let n = 6; n < 30; n += 1) log.record(entry(n));
    // 6 in flight + 4 waiting = 10: the other 20 were dropped.
    expect(log.stats()).toEqual({ buffered: 10, written: 0, dropped: 20, failed: 0 });
    waiting[0]?.finish();
    await first;
    const second = log.flush();
    waiting[1]?.finish();
    await second;
    expect(written.map((batch) => batch.map((e) => e.callerRequestId))).toEqual([
      ["call-0", "call-1", "call-2", "call-3", "call-4", "call-5"],
      ["call-6", "call-7", "call-8", "call-9"],
    ]);
    const warnings = lines.lines.filter((line) => line.level === "warn");
    expect(warnings).toEqual([
      {
        level: "warn",
        details: { dropped: 20, droppedInAll: 20, bound: 10 },
        message: "request log: the buffer was full; entries were dropped",
      },
    ]);
    // Room again once written.
    log.record(entry(99));
    expect(log.stats()).toMatchObject({ buffered: 1, dropped: 20 });
  });

  it("a failed write is logged without its entries, counted, and the writer goes on", async () => {
    const { sink, written, waiting } = slowSink();
    const lines = logger();
    const log = writer(sink, lines);
    log.record({ ...entry(1), customerId: "secret-ish player" });
    const failing = log.flush();
    waiting[0]?.finish(Object.assign(new Error("connection lost"), { code: "57P01" }));
    await expect(failing).resolves.toBeUndefined();
    expect(log.stats()).toMatchObject({ failed: 1, written: 0 });
    expect(lines.lines).toEqual([
      {
        level: "error",
        details: { err: { message: "connection lost", code: "57P01" }, entries: 1 },
        message: "request log: a write failed; its entries are lost",
      },
    ]);
    expect(JSON.stringify(lines.lines)).not.toContain("secret-ish player");
    log.record(entry(2));
    const next = log.flush();
    waiting[1]?.finish();
    await next;
    expect(written).toEqual([[entry(2)]]);
  });

  it("writes by itself on its timer, and at once when batchSize entries wait", async () => {
    const written: number[] = [];
    const sink: RequestLogSink = {
      write: async (batch) => {
        written.push(batch.size);
      },
      sweep: async () => ({ expired: 0, overflow: 0 }),
    };
    const timed = writer(sink, logger(), { flushMs: 20 });
    timed.record(entry(1));
    // The timer's next tick; a busy machine may take its time.
    for (let waited = 0; written.length === 0 && waited < 5000; waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(written).toEqual([1]);
    const batched = writer(sink, logger(), { batchSize: 5 });
    for (let n = 0; n < 5; n += 1) batched.record(entry(n));
    await new Promise((resolve) => setImmediate(resolve));
    await batched.flush();
    expect(written).toEqual([1, 5]);
  });

  it("packs entries a few dozen at a time, keeping their order, and counts the unpacked as buffered", async () => {
    const { sink, written, waiting } = slowSink();
    const log = writer(sink, logger());
    const count = PACKED_TOGETHER * 2 + 5;
    for (let n = 0; n < count; n += 1) log.record(entry(n));
    expect(log.stats().buffered).toBe(count);
    const flushed = log.flush();
    waiting[0]?.finish();
    await flushed;
    expect(written).toEqual([Array.from({ length: count }, (_, n) => entry(n))]);
  });

  it("tells the time from the monotonic clock, within a few ms of the wall clock", () => {
    const log = writer(slowSink().sink, logger());
    for (let n = 0; n < 3; n += 1) {
      const before = Date.now();
      const now = log.now();
      expect(now).toBeGreaterThanOrEqual(before - 5);
      expect(now).toBeLessThanOrEqual(Date.now() + 5);
    }
  });

  it("close writes what is left, and records nothing after", async () => {
    const batches: number[] = [];
    const sink: RequestLogSink = {
      write: async (batch) => {
        batches.push(batch.size);
      },
      sweep: async () => ({ expired: 0, overflow: 0 }),
    };
    const log = writer(sink, logger());
    log.record(entry(1));
    log.record(entry(2));
    await log.close();
    expect(batches).toEqual([2]);
    log.record(entry(3));
    expect(log.stats().buffered).toBe(0);
  });

  it("turned off, it records nothing", async () => {
    const { sink, waiting } = slowSink();
    const log = writer(sink, logger(), { enabled: false });
    log.record(entry(1));
    await log.flush();
    expect(waiting).toHaveLength(0);
    expect(log.stats()).toEqual({ buffered: 0, written: 0, dropped: 0, failed: 0 });
  });
});
