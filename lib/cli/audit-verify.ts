import { CliError, parseCommandLine, runCli } from "@/common/cli";
import { ConsoleEnvError } from "@/lib/env";
import { withConsoleDatabase } from "./with-console-database";

const HELP = `Usage: npm run audit:verify

Walks the console's audit log in the database and checks its chain (docs/console.md, "Audit log"):
each row's hash must match its content and name the row before it. Exits 0 and prints the row count
and the newest row's hash when the chain holds — keep that hash somewhere else to prove later that
nothing before it changed — and exits 1 naming the first broken row when it does not.`;

/** A broken chain: the message names the row; the exit code is 1. */
class BrokenChain extends CliError {}

async function main(): Promise<void> {
  const { values } = parseCommandLine({ options: { help: { type: "boolean", short: "h" } } });
  if (values.help) {
    console.log(HELP);
    return;
  }
  await withConsoleDatabase(async (database, where) => {
    const { verifyAuditLog } = await import("@/lib/audit/audit-log");
    const verdict = await verifyAuditLog(database.db);
    if (!verdict.ok)
      throw new BrokenChain(
        `The audit log (${where}) is broken at row ${verdict.brokenId}: ${verdict.problem}. Rows from ${verdict.brokenId} on cannot be trusted.`,
      );
    console.log(
      verdict.rows === 0
        ? `The audit log (${where}) is empty.`
        : `The audit log (${where}) holds: ${verdict.rows} rows, chained; newest row ${verdict.headId}, hash ${verdict.headHash}.`,
    );
  });
}

await runCli("audit:verify", main, [ConsoleEnvError, BrokenChain]);
