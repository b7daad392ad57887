import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { LoadJob, LoadResult, WorkerMessage } from "./load-job";

export interface LoadGenerator {
  run(job: LoadJob): Promise<LoadResult>;
  stop(): void;
}

/**
 * Starts autocannon in a child process (load-worker.ts). The servers under test live in this
 * process — PGlite allows one handle per database — so the load must come from another one, or
 * the generator would steal the server's event loop and the numbers would measure both.
 */
export function startLoadGenerator(): LoadGenerator {
  const worker: ChildProcess = fork(fileURLToPath(new URL("./load-worker.ts", import.meta.url)), [], {
    // tsx's loader flags, inherited explicitly so the child can run TypeScript too.
    execArgv: process.execArgv,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let nextId = 1;
  const pending = new Map<number, { resolve(r: LoadResult): void; reject(e: Error): void }>();
  worker.on("message", (message: WorkerMessage) => {
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if ("error" in message) waiter.reject(new Error(`load generator: ${message.error}`));
    else waiter.resolve(message.result);
  });
  worker.on("exit", (code, signal) => {
    for (const waiter of pending.values())
      waiter.reject(new Error(`load generator exited (${signal ?? `code ${code}`})`));
    pending.clear();
  });
  return {
    run(job) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.send({ id, job });
      });
    },
    stop() {
      if (worker.exitCode === null && worker.signalCode === null) worker.kill("SIGTERM");
    },
  };
}
