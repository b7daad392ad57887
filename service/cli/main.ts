import { CliError, parseCommandLine, UsageError } from "@/common/cli";
import { FolderLockedError } from "@/common/folder-lock";
import { EnvError, loadServiceEnv } from "../env";

const HELP = `Usage: npm run service

Starts the reference service at SERVICE_HOST:SERVICE_PORT (default 127.0.0.1:3001) on the PGlite
folder SERVICE_PGLITE_DIR (default .data/service) or on SERVICE_DATABASE_URL (PostgreSQL), until
Ctrl-C. Every setting comes from the environment (README, "Configuration"); it takes no arguments.`;

/** `npm run service`: the reference service on SERVICE_HOST:SERVICE_PORT until SIGINT/SIGTERM. */
async function main(): Promise<void> {
  // An argument is refused before anything starts: ignored, `--port 4000` would start a service
  // on another port than the one asked for, and `--help` would start one.
  const { values } = parseCommandLine({ options: { help: { type: "boolean", short: "h" } } });
  if (values.help) {
    console.log(HELP);
    return;
  }
  // Loaded once the command line is known to be right: `--help` and a wrong argument answer
  // without loading the service, its database driver and its routes (about a second).
  const { startService } = await import("../server");
  const service = await startService(loadServiceEnv());
  console.log(`Service listening at ${service.url} (${service.database.driver})`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await service.stop();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message} See: npm run service -- --help`);
    process.exit(2);
  }
  const known = error instanceof EnvError || error instanceof FolderLockedError || error instanceof CliError;
  const code = (error as { code?: string }).code;
  const message = known
    ? (error as Error).message
    : code === "EADDRINUSE"
      ? `The port is already in use (${(error as Error).message.replace(/^.*address already in use /, "")}); set SERVICE_PORT.`
      : `The service could not start: ${(error as Error).message}`;
  console.error(message);
  process.exit(1);
});
