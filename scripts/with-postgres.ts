import { spawn } from "node:child_process";
import { startThrowawayPostgres } from "@/testing/throwaway-postgres";

/**
 * `tsx scripts/with-postgres.ts CMD ARGS…`: runs a command with TEST_DATABASE_URL pointing at a
 * throwaway PostgreSQL cluster, then stops and deletes the cluster. Exits with the command's code.
 */
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: tsx scripts/with-postgres.ts COMMAND [ARGS...]");
  process.exit(2);
}
const server = await startThrowawayPostgres("gcc_test");
const child = spawn(command, args, {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: server.url },
});
const forward = (signal: NodeJS.Signals) => child.kill(signal);
process.on("SIGINT", forward);
process.on("SIGTERM", forward);
child.on("exit", (code, signal) => {
  server.stop();
  process.exit(code ?? (signal ? 1 : 0));
});
