/**
 * A loop's failures, logged once until they change: a round that fails as the round before did
 * (the database not migrated yet, the service away) is retried quietly every round, and the first
 * round that works again says so. Without it the console's log repeated the same line every few
 * seconds for as long as the cause lasted.
 */
export function repeatedFailures(
  name: string,
  log: { error(line: string): void; info(line: string): void } = {
    error: (line) => console.error(line),
    info: (line) => console.log(line),
  },
): { failed(error: unknown): void; succeeded(): void } {
  let last: string | null = null;
  return {
    failed(error) {
      const message = error instanceof Error ? error.message : String(error);
      if (message !== last)
        log.error(`[${name}] ${message} (tried again each round; said again when it changes)`);
      last = message;
    },
    succeeded() {
      if (last !== null) log.info(`[${name}] working again`);
      last = null;
    },
  };
}
