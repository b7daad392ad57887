import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { startThrowawayPostgres } from "@/testing/throwaway-postgres";

/**
 * `npm run demo:postgres`: the demo (`npm run demo`) with both programs on PostgreSQL instead of
 * the embedded database — the service and the console each in their own schema of one database on
 * a throwaway cluster of the PostgreSQL that `npm install` brought (testing/postgres-binaries.ts),
 * with the server's durable defaults. Nothing to install; the data goes when the demo stops, and
 * so may the console's secrets: on PostgreSQL the console generates none (lib/secrets.ts), so
 * those not given are made here for this run.
 */
const server = await startThrowawayPostgres("gcc_demo", { durable: true });
console.log(`PostgreSQL for the demo: ${server.url} (a throwaway cluster, deleted when the demo stops)`);
const newSecret = () => randomBytes(32).toString("base64url");
const child = spawn("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/demo.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    SERVICE_DATABASE_URL: server.url,
    CONSOLE_DATABASE_URL: server.url,
    AUTH_SECRET: process.env.AUTH_SECRET || newSecret(),
    ...(process.env.CONSOLE_ENCRYPTION_KEYS || process.env.CONSOLE_ENCRYPTION_KEY
      ? {}
      : { CONSOLE_ENCRYPTION_KEY: newSecret() }),
  },
});
// Ctrl-C reaches the demo from the terminal itself; a SIGTERM sent to this process is passed on.
process.on("SIGINT", () => {});
process.on("SIGTERM", () => child.kill("SIGTERM"));
child.on("exit", (code, signal) => {
  server.stop();
  process.exit(code ?? (signal ? 1 : 0));
});
