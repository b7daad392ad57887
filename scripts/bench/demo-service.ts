import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseTarget } from "@/service/db/connection";
import { freePort } from "@/testing/free-port";
import { startThrowawayPostgres, type ThrowawayPostgres } from "@/testing/throwaway-postgres";
import { waitUntilAnswers } from "@/testing/wait-until-answers";

/** The demo project (service/db/fixtures/demo.json) and its key: benchmark data only. */
export const DEMO_PROJECT = "7d3c1a52-4b8e-4f1a-9c2d-5e6f70819a2b";
export const DEMO_KEY = "gcc_demo_key_8f2b6c1e9a4d7f3b5e0c2a6d8b1f4e7c";
export const GOLD = {
  Guid: "1b0e7a10-0001-4a11-8b21-0000000000a1",
  ContractGuid: "2c1f8b20-0001-4b22-9c32-0000000000b1",
};

export type ServiceBackend = "postgres" | "pglite";

/** A service of its own for a benchmark, on the demo project: its database made, then the process. */
export interface DemoService {
  /** The throwaway PostgreSQL (durable defaults), or null for a file-backed PGlite. */
  cluster: ThrowawayPostgres | null;
  /** A temporary folder, removed by `stop`: the PGlite's, and room for the caller's. */
  folder: string;
  /** The service's database, to load more data into before `start` (a PGlite folder has one process at a time). */
  target: DatabaseTarget;
  port: number;
  /** `{base_url}`: http://127.0.0.1:<port>/api/public */
  base: string;
  /** Starts the service (rate limit off) and waits until it answers. */
  start(): Promise<void>;
  /** Stops the service and the cluster, and removes the folder. */
  stop(): Promise<void>;
}

function tsx(args: string[], env: Record<string, string>): void {
  const result = spawnSync("node_modules/.bin/tsx", args, {
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`${args.join(" ")} failed:\n${result.stderr}`);
}

/**
 * A migrated database with the demo project loaded (`db:migrate`, `db:seed -- --demo`), on a
 * throwaway PostgreSQL with its durable defaults or a file-backed PGlite as the demo runs it;
 * the service is started by `start`.
 */
export async function prepareDemoService(
  backend: ServiceBackend,
  name: string,
  extraEnv: Record<string, string> = {},
): Promise<DemoService> {
  const folder = mkdtempSync(join(tmpdir(), `gcc-bench-${name}-`));
  const cluster =
    backend === "postgres" ? await startThrowawayPostgres(`${name}_bench`, { durable: true }) : null;
  const port = await freePort();
  const env = {
    SERVICE_DATABASE_URL: cluster?.url ?? "",
    SERVICE_PGLITE_DIR: join(folder, "service"),
    SERVICE_PORT: String(port),
    SERVICE_LOG_LEVEL: "warn",
    SERVICE_RATE_LIMIT: "0",
    ...extraEnv,
  };
  let service: ChildProcess | null = null;
  const stop = async () => {
    service?.kill("SIGINT");
    await new Promise((resolve) => setTimeout(resolve, 500));
    cluster?.stop();
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    tsx(["service/cli/migrate.ts"], env);
    tsx(["service/cli/seed.ts", "--demo"], env);
  } catch (error) {
    await stop();
    throw error;
  }
  const base = `http://127.0.0.1:${port}/api/public`;
  return {
    cluster,
    folder,
    target: cluster
      ? { driver: "postgres", url: cluster.url, poolSize: 2 }
      : { driver: "pglite", folder: join(folder, "service") },
    port,
    base,
    async start() {
      service = spawn("node_modules/.bin/tsx", ["service/cli/main.ts"], {
        env: { ...process.env, ...env },
        stdio: ["ignore", "ignore", "inherit"],
      });
      await waitUntilAnswers(`${base}/openapi.json`, { what: "the service", program: service });
    },
    stop,
  };
}

/**
 * Sends every body to `path`, `inFlight` at a time over keep-alive sockets (as the console's
 * senders send); requests per second. Every answer must be 200 and hold `expect`.
 */
export async function rate(
  base: string,
  path: string,
  bodies: readonly string[],
  expect: string,
  inFlight: number,
): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: inFlight });
  const url = new URL(`${base}${path}`);
  const send = (body: string) =>
    new Promise<void>((resolve, reject) => {
      const sent = request(
        url,
        { agent, method: "POST", headers: { "content-type": "application/json" } },
        (response) => {
          let text = "";
          response.on("data", (chunk: Buffer) => {
            text += chunk.toString("utf8");
          });
          response.on("end", () =>
            response.statusCode === 200 && text.includes(expect)
              ? resolve()
              : reject(new Error(`${path} answered ${response.statusCode}: ${text.slice(0, 200)}`)),
          );
        },
      );
      sent.on("error", reject);
      sent.end(body);
    });
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < bodies.length) await send(bodies[next++] as string);
    }),
  );
  agent.destroy();
  return bodies.length / ((performance.now() - t0) / 1000);
}
