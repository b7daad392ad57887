/**
 * Runs once when a console server starts: bulk-award batches that were being sent when the
 * server stopped are taken up again (their rows keep their RequestIDs, so nothing is paid twice),
 * and the background job loop starts (settling queued awards, resuming orphaned batches;
 * lib/jobs/console-jobs.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  // Without the preload, a client's own X-Forwarded-* reach Next.js and Auth.js unchecked
  // (lib/http/forwarded-headers-preload.cjs; docs/console.md, "Sign-in": "Proxies").
  if (!(globalThis as Record<symbol, unknown>)[Symbol.for("console.forwardedHeadersChecked")])
    console.error(
      "[console] Started without lib/http/forwarded-headers-preload.cjs: forwarded headers are not checked. Start it with npm start (or node --require ./lib/http/forwarded-headers-preload.cjs …).",
    );
  const { resumeBatches } = await import("@/lib/bulk/running");
  const { resumeBatchReversals } = await import("@/lib/bulk/reversing");
  const { startConsoleJobs } = await import("@/lib/jobs/console-jobs");
  // Not awaited: the server must answer while batches resume; a database that is not ready yet
  // (migrations pending) is retried by the job loop.
  resumeBatches()
    .then((count) => {
      if (count > 0) console.log(`[bulk] resumed ${count} batch${count === 1 ? "" : "es"}`);
    })
    .catch((error: unknown) => console.error(`[bulk] could not resume batches: ${(error as Error).message}`));
  resumeBatchReversals()
    .then((count) => {
      if (count > 0) console.log(`[bulk] resumed ${count} batch reversal${count === 1 ? "" : "s"}`);
    })
    .catch((error: unknown) =>
      console.error(`[bulk] could not resume batch reversals: ${(error as Error).message}`),
    );
  startConsoleJobs();
}
