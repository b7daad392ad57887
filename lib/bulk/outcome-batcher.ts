import "server-only";
import { IN_FLIGHT } from "./row-pump";

/** Outcomes written in one statement; the worker whose outcome fills a batch waits for the write before it. */
const WRITE_BATCH = IN_FLIGHT * 8;
/** The longest an outcome waits for others before it is written. */
const WRITE_WAIT_MS = 500;

/**
 * The bulk senders' outcomes, written many rows per statement (lib/bulk/sender.ts,
 * reversal-sender.ts). A worker goes on to its next row while its outcome waits to be written:
 * every statement of a durable PGlite ends in an fsync that holds the console's thread, and with
 * it every answer in flight (docs/benchmarks.md, "Console: bulk awards"). An outcome not written
 * when the process stops leaves its row `sending`; once its lease ends it is sent again with the
 * same RequestID or ReversalID, and the service answers what it did the first time.
 */
export function outcomeBatcher<Outcome>(write: (rows: Outcome[]) => Promise<void>) {
  let buffer: Outcome[] = [];
  let writing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (buffer.length === 0) return writing;
    const rows = buffer;
    buffer = [];
    writing = writing.then(() => write(rows));
    return writing;
  };
  return {
    /**
     * Keeps an outcome to be written. The one that fills a batch starts its write and waits for
     * the write before it, not its own: a worker that waited for its own write sat out a whole
     * statement while the others sent, and one write at most is ever queued behind another.
     */
    async record(outcome: Outcome): Promise<void> {
      buffer.push(outcome);
      if (buffer.length >= WRITE_BATCH) {
        const before = writing;
        void flush().catch(() => undefined);
        await before;
      } else
        timer ??= setTimeout(() => {
          timer = null;
          // A failed write is thrown by the final flush: the chain keeps it.
          flush().catch(() => undefined);
        }, WRITE_WAIT_MS);
    },
    /** Writes what waits, after the writes before it; throws the first write that failed. */
    flush,
  };
}
