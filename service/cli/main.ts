import { FolderLockedError } from "@/common/folder-lock";
import { EnvError, loadServiceEnv } from "../env";
import { startService } from "../server";

/** `npm run service`: the reference service on SERVICE_HOST:SERVICE_PORT until SIGINT/SIGTERM. */
async function main(): Promise<void> {
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
  const known = error instanceof EnvError || error instanceof FolderLockedError;
  const code = (error as { code?: string }).code;
  const message = known
    ? (error as Error).message
    : code === "EADDRINUSE"
      ? `The port is already in use (${(error as Error).message.replace(/^.*address already in use /, "")}); set SERVICE_PORT.`
      : `The service could not start: ${(error as Error).message}`;
  console.error(message);
  process.exit(1);
});
