import { join } from "node:path";
import type { ServiceConnection } from "@/lib/client/call-service";
import { type ConsoleDatabase, openConsoleDatabase } from "@/lib/db/connection";
import { DEMO_KEY, DEMO_PROJECT, type DemoService } from "./demo-service";

/**
 * The console's side of a benchmark beside a demo service: its trail where a deployment of that
 * size keeps it — beside the service's tables on the same PostgreSQL (schema console), or a
 * file-backed PGlite of its own on a thread of its own, as the console opens its embedded database
 * (lib/db/console-db.ts) — and the connection to the service, as the console would call it.
 */
export async function openBenchTrail(
  demo: Pick<DemoService, "cluster" | "folder" | "base" | "port">,
): Promise<{ database: ConsoleDatabase; connection: ServiceConnection }> {
  const database = await openConsoleDatabase(
    demo.cluster
      ? { driver: "postgres", url: demo.cluster.url, poolSize: 10 }
      : { driver: "pglite", folder: join(demo.folder, "console"), ownThread: true },
  );
  return {
    database,
    connection: {
      baseUrl: demo.base,
      projectGuid: DEMO_PROJECT,
      apiKey: DEMO_KEY,
      addresses: { allowedHosts: new Set([`127.0.0.1:${demo.port}`]) },
    },
  };
}
