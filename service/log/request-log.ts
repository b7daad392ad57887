import type { ServiceDb } from "../db/connection";
import {
  type SweepLimits,
  type SweepResult,
  sweepRequestLog,
  writeRequestBatch,
} from "../domain/request-log";
import { RequestLogBatch, type RequestLogRow } from "../domain/request-log-batch";
import type { RequestLogSettings } from "../env";

/** Entries that start a write at once, before the timer. */
export const REQUEST_LOG_BATCH = 5_000;
/** Entries held in memory at most (the write in progress included): a few MB. */
export const REQUEST_LOG_BUFFER = 20_000;
/** Entries packed together (see `pack`); fewer wait for the next flush, which packs them. */
export const PACKED_TOGETHER = 32;
/** How often old entries are swept. */
export const REQUEST_LOG_SWEEP_MS = 60_000;
/** The first sweep after start: soon, so that a service restarted often still sweeps. */
const FIRST_SWEEP_MS = 10_000;

/** Where the entries go: the database (service/domain/request-log.ts), or a test's stand-in. */
export interface RequestLogSink {
  write(batch: RequestLogBatch): Promise<void>;
  sweep(limits: SweepLimits): Promise<SweepResult>;
}

/** The service's database as the sink. */
export function databaseSink(db: ServiceDb): RequestLogSink {
  return { write: (batch) => writeRequestBatch(db, batch), sweep: (limits) => sweepRequestLog(db, limits) };
}

/** The little of pino the writer needs (the app's logger). */
export interface WarningLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RequestLogStats {
  /** Waiting in memory now, the write in progress included. */
  buffered: number;
  /** Written to the database so far. */
  written: number;
  /** Dropped because the buffer was full (the database was slower than the calls). */
  dropped: number;
  /** Lost with a write that failed. */
  failed: number;
}

/** What a failed write's log line says: never the entries, nor anything but the error's text. */
const errorDetails = (error: unknown) => ({
  message: error instanceof Error ? error.message : String(error),
  code: (error as { code?: unknown } | null)?.code,
});

/**
 * The request log of one app instance (docs/service.md, "Request log"). `record` only pushes to
 * memory; a timer (every `flushMs`, or at once when `batchSize` entries wait) writes what waits
 * as one statement, one write at a time, so a request never waits for the log. Memory is bounded:
 * past `maxBuffered` entries (the write in progress included) new ones are dropped and counted, and
 * a warning says how many at the next write. A failed write is logged and its entries lost; no
 * request notices. A sweep on its own timer keeps the table within its days and rows.
 */
export class RequestLogWriter {
  readonly enabled: boolean;
  readonly keptDays: number;
  private readonly maxRows: number;
  private readonly batchSize: number;
  private readonly maxBuffered: number;
  /** What waits, packed (service/domain/request-log-batch.ts). */
  private buffer = new RequestLogBatch();
  /** Entries not packed yet: at most PACKED_TOGETHER. */
  private readonly arrived: RequestLogRow[] = [];
  private inFlight = 0;
  private writing: Promise<void> | null = null;
  private sweeping: Promise<SweepResult> | null = null;
  private readonly timers: NodeJS.Timeout[] = [];
  private closed = false;
  private droppedSinceWrite = 0;
  private clockOffset = Date.now() - performance.now();
  private readonly counts = { written: 0, dropped: 0, failed: 0 };

  constructor(
    private readonly sink: RequestLogSink,
    settings: RequestLogSettings,
    private readonly log: WarningLog,
  ) {
    this.enabled = settings.enabled;
    this.keptDays = settings.keptDays;
    this.maxRows = settings.maxRows;
    this.batchSize = settings.batchSize ?? REQUEST_LOG_BATCH;
    this.maxBuffered = settings.maxBuffered ?? REQUEST_LOG_BUFFER;
    if (!this.enabled) return;
    // Timers never keep the process alive: close() writes what is left.
    this.timers.push(setInterval(this.tick, settings.flushMs).unref());
    const sweepMs = settings.sweepMs ?? REQUEST_LOG_SWEEP_MS;
    if (sweepMs > 0) {
      this.timers.push(setTimeout(this.sweepQuietly, Math.min(sweepMs, FIRST_SWEEP_MS)).unref());
      this.timers.push(setInterval(this.sweepQuietly, sweepMs).unref());
    }
  }

  /**
   * The time now, ms since the epoch, read from the monotonic clock and set right by the wall
   * clock at every timer tick: Date.now() costs several times as much per call (docs/benchmarks.md,
   * "Service: the request log's cost").
   */
  now(): number {
    return this.clockOffset + performance.now();
  }

  /** Keeps one entry for the next write; never waits, never throws. */
  record(entry: RequestLogRow): void {
    if (!this.enabled || this.closed) return;
    if (this.buffer.size + this.arrived.length + this.inFlight >= this.maxBuffered) {
      this.counts.dropped += 1;
      this.droppedSinceWrite += 1;
      return;
    }
    this.arrived.push(entry);
    if (this.arrived.length === PACKED_TOGETHER || this.buffer.size + this.arrived.length >= this.batchSize)
      this.pack();
  }

  stats(): RequestLogStats {
    return { buffered: this.buffer.size + this.arrived.length + this.inFlight, ...this.counts };
  }

  /**
   * Packs the entries that arrived into the batch, several at a time: one call's packing alone
   * finds its tables cold after the request's own work, and cost over a microsecond in the
   * service; a few dozen in a row cost a fraction each, and their objects still die young.
   */
  private pack(): void {
    for (const entry of this.arrived) this.buffer.add(entry);
    this.arrived.length = 0;
    if (this.buffer.size >= this.batchSize && !this.writing) setImmediate(this.tick);
  }

  /** Writes everything recorded so far (after the write in progress); resolves when done, never rejects. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    this.pack();
    this.reportDrops();
    if (this.buffer.size === 0) return;
    const batch = this.buffer;
    this.buffer = new RequestLogBatch();
    this.inFlight = batch.size;
    this.writing = this.sink.write(batch).then(
      () => {
        this.counts.written += batch.size;
      },
      (error: unknown) => {
        this.counts.failed += batch.size;
        this.log.error(
          { err: errorDetails(error), entries: batch.size },
          "request log: a write failed; its entries are lost",
        );
      },
    );
    try {
      await this.writing;
    } finally {
      this.writing = null;
      this.inFlight = 0;
    }
    // More arrived meanwhile than one timer tick should wait for.
    if (this.buffer.size >= this.batchSize && !this.closed) setImmediate(this.tick);
  }

  /** Deletes entries past the days and rows kept; one sweep at a time (another call joins it). */
  sweep(): Promise<SweepResult> {
    this.sweeping ??= this.sink.sweep({ keptDays: this.keptDays, maxRows: this.maxRows }).finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  /** Stops the timers, waits for a sweep under way and writes what is left (the app's onClose). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    await this.sweeping?.catch(() => undefined);
    await this.flush();
  }

  private readonly tick = () => {
    this.clockOffset = Date.now() - performance.now();
    if (!this.writing && this.buffer.size + this.arrived.length > 0) void this.flush();
  };

  private readonly sweepQuietly = () => {
    if (this.closed) return;
    this.sweep().catch((error: unknown) =>
      this.log.error({ err: errorDetails(error) }, "request log: a sweep failed"),
    );
  };

  private reportDrops(): void {
    if (this.droppedSinceWrite === 0) return;
    this.log.warn(
      { dropped: this.droppedSinceWrite, droppedInAll: this.counts.dropped, bound: this.maxBuffered },
      "request log: the buffer was full; entries were dropped",
    );
    this.droppedSinceWrite = 0;
  }
}
