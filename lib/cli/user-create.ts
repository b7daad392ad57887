import { createInterface } from "node:readline";
import { CliError, parseCommandLine, runCli, UsageError } from "@/common/cli";
import { ConsoleEnvError } from "@/lib/env";
import { withConsoleDatabase } from "./with-console-database";

const HELP = `Usage: npm run user:create -- --email EMAIL --role owner|manager|support [--name NAME]

Creates a console user, e.g. the first owner of a real install. The password is asked for at the
prompt (not echoed), or read from the first line of standard input when it is not a terminal:
  printf '%s\\n' "$PASSWORD" | npm run user:create -- --email a@b.example --role owner`;

/** The password: typed without echo at a terminal, else the first line of standard input. */
async function readPassword(): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    let text = "";
    for await (const chunk of input) text += chunk;
    return text.split(/\r?\n/)[0] ?? "";
  }
  const prompt = createInterface({ input, output: process.stdout, terminal: true });
  const muted = prompt as unknown as { _writeToOutput: (text: string) => void };
  process.stdout.write("Password: ");
  muted._writeToOutput = () => {};
  const password = await new Promise<string>((resolve) => prompt.question("", resolve));
  prompt.close();
  process.stdout.write("\n");
  return password;
}

async function main(): Promise<void> {
  const { values } = parseCommandLine({
    options: {
      email: { type: "string" },
      role: { type: "string" },
      name: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  if (!values.email) throw new UsageError("--email is required.");
  if (!values.role) throw new UsageError("--role is required (owner, manager or support).");
  const password = await readPassword();
  await withConsoleDatabase(async (database, where) => {
    const { createUser, UserError } = await import("@/lib/auth/users");
    try {
      const user = await createUser(database.db, {
        email: values.email as string,
        role: values.role as never,
        name: values.name ?? "",
        password,
      });
      console.log(`Created ${user.role} ${user.email} (id ${user.id}) in the console database (${where}).`);
    } catch (error) {
      if (error instanceof UserError) throw new CliError(`Cannot create the user. ${error.message}`);
      throw error;
    }
  });
}

await runCli("user:create", main, [ConsoleEnvError]);
