/**
 * How a program ended, in a sentence for the person running the demo: its exit code or the
 * signal that ended it, and for the ends that usually mean it ran out of memory a hint saying so.
 * Node aborts (SIGABRT; exit code 134 through a shell) when its heap is full, and Linux's
 * out-of-memory killer sends SIGKILL (exit code 137 through a shell).
 */
export function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  const how = signal ? `was ended by ${signal}` : `exited with code ${code ?? "unknown"}`;
  const outOfMemory = signal === "SIGKILL" || signal === "SIGABRT" || code === 134 || code === 137;
  return outOfMemory
    ? `${how} — out of memory? (see its last lines above)`
    : `${how} (see its last lines above)`;
}
