import type { ConsoleDb } from "@/lib/db/connection";

/**
 * Counts the statements `db` sends from now on (both drivers send every statement through their
 * client's `query`), for tests that hold a read to a number of round trips: on PGlite each one
 * runs on the thread that renders (docs/benchmarks.md, "Console: where the overview …
 * spend their server time"). `stop()` puts the client back.
 */
export function countStatements(db: ConsoleDb): { count: () => number; stop: () => void } {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query;
  let n = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    n += 1;
    return original.apply(client, args);
  };
  return {
    count: () => n,
    stop: () => {
      client.query = original;
    },
  };
}
