/**
 * Polls until `done` holds, for at most `ms` after the first try, 20 ms apart; returns how many
 * tries it took (1: at once). Throws past the deadline. For what the service promises within a
 * bound (a revoked key refused within 1 s on every instance: docs/service.md, "Caches").
 */
export async function within(ms: number, done: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  let tries = 1;
  while (!(await done())) {
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    tries += 1;
  }
  return tries;
}
