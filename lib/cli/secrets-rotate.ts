import { CliError, parseCommandLine, plural, runCli } from "@/common/cli";
import { ConsoleEnvError, consoleEnv } from "@/lib/env";
import { encryptionKeyId } from "@/lib/secret-box";
import { consoleSecrets, MissingSecretError } from "@/lib/secrets";
import { withConsoleDatabase } from "./with-console-database";

const HELP = `Usage: npm run secrets:rotate

Seals every stored connection API key and every staff TOTP secret again with the newest of the
console's encryption keys, in one transaction (docs/console.md, "Keys at rest"). To rotate: put the new key first in
CONSOLE_ENCRYPTION_KEYS and the old one after it (comma-separated, newest first), restart the
console (it opens with either key and seals with the new one), run this command with the same
environment, then drop the old key. A key that none of the given keys opens stops it with nothing
changed. With PGlite (CONSOLE_PGLITE_DIR) stop the console first; on PostgreSQL it runs beside it.`;

async function main(): Promise<void> {
  const { values } = parseCommandLine({ options: { help: { type: "boolean", short: "h" } } });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const keys = consoleSecrets(consoleEnv()).encryptionKeys;
  await withConsoleDatabase(async (database, where) => {
    const [{ rotateTotpSecrets }, { RotationError, rotateConnectionKeys }] = await Promise.all([
      import("@/lib/auth/second-factor"),
      import("@/lib/connections/connections"),
    ]);
    const [connectionKeys, totpSecrets] = await database.db
      .transaction(async (txHandle) => {
        const tx = txHandle as unknown as typeof database.db;
        return [await rotateConnectionKeys(tx, keys), await rotateTotpSecrets(tx, keys)] as const;
      })
      .catch((error: unknown) => {
        // A key that none of the given keys opens: its message is for the person, as is.
        throw error instanceof RotationError ? new CliError(error.message) : error;
      });
    console.log(
      `Sealed ${plural(connectionKeys.renewed, "connection key")} and ${plural(totpSecrets.renewed, "second-factor secret")} again with encryption key ${encryptionKeyId(keys[0])} in the console database (${where}); ${connectionKeys.already + totpSecrets.already} already were.`,
    );
  });
}

await runCli("secrets:rotate", main, [ConsoleEnvError, MissingSecretError]);
