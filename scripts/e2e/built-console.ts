import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import type { DatabaseTarget } from "@/common/database";
import { ensureDemoUsers } from "@/lib/auth/demo-users";
import { openConsoleDatabase } from "@/lib/db/connection";
import { migrateConsoleDatabase } from "@/lib/db/migrate";

/**
 * Another console for a spec that needs one the demo is not: the console the demo built
 * (`next start`) on its own database with the demo users, fresh secrets, and the environment
 * given. Runs until Playwright stops it; exits when `next` exits.
 */
export async function startBuiltConsole(options: {
  database: DatabaseTarget;
  port: number;
  env: Record<string, string>;
}): Promise<void> {
  const database = await openConsoleDatabase(options.database);
  await migrateConsoleDatabase(database);
  await ensureDemoUsers(database.db);
  await database.close();

  // Forwarded headers believed only from TRUSTED_PROXIES, as in the demo (docs/console.md, "Sign-in").
  const preload = ["--require", "./lib/http/forwarded-headers-preload.cjs"];
  const next = spawn(
    process.execPath,
    [...preload, "node_modules/.bin/next", "start", "-p", String(options.port)],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: "1",
        AUTH_SECRET: randomBytes(32).toString("base64url"),
        CONSOLE_ENCRYPTION_KEY: randomBytes(32).toString("base64url"),
        CONSOLE_ENCRYPTION_KEYS: "",
        // The demo users sign in with a password, as in the demo (docs/console.md, "Two-factor sign-in").
        CONSOLE_OWNER_MFA: "optional",
        ...options.env,
      },
    },
  );
  const stop = () => next.kill("SIGTERM");
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  next.on("exit", (code) => process.exit(code ?? 0));
}
