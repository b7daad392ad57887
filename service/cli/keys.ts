import { parseCommandLine, UsageError } from "@/common/cli";
import { uuid } from "@/lib/contract/fields";
import { KEY_SCOPE_NAMES, type KeyScope } from "@/lib/contract/key-scopes";
import { textProblem } from "@/lib/contract/text-rule";
import type { KeysCommand } from "./keys-commands";
import { runCli, withServiceDatabase } from "./run-cli";

const MAX_LABEL = 200;

const HELP = `Usage: npm run keys -- create --project GUID [--label TEXT] [--scopes read,award,fund,keys,reverse] [--expires ISO-DATE] [--cap TOKEN=AMOUNT]...
       npm run keys -- list --project GUID
       npm run keys -- roll --project GUID --key ID_OR_PREFIX [--grace-hours N]
       npm run keys -- revoke --project GUID --key ID_OR_PREFIX

Manages a project's API keys in the service's database.
  create   issue a new key; it is printed once and stored only as a hash. --scopes: what it may
           do (default all five); --expires: when it stops working; --cap GOLD=1000: at most
           that much of the token (its symbol or Guid) awarded with the key in any 24 hours
  list     the project's keys: id, prefix, label, scopes, created, until when it works (never the keys)
  roll     issue a new key like the given one (printed once); the old one keeps working for
           --grace-hours (default 24), then is refused
  revoke   revoke a key by the id or prefix that list shows; requests with it fail at once
With PGlite (the default), stop the service first.`;

const COMMANDS = ["create", "list", "roll", "revoke"] as const;
type Command = KeysCommand["command"];

/** Options each command accepts besides --project. */
const EXTRA: Record<Command, readonly string[]> = {
  create: ["label", "scopes", "expires", "cap"],
  list: [],
  roll: ["key", "grace-hours"],
  revoke: ["key"],
};

/** `--scopes read,award`: known scopes, at least one, each once. */
function parseScopes(text: string): KeyScope[] {
  const scopes = text.split(",").map((scope) => scope.trim());
  const unknown = scopes.find((scope) => !(KEY_SCOPE_NAMES as readonly string[]).includes(scope));
  if (unknown !== undefined)
    throw new UsageError(`--scopes: "${unknown}" is not a scope; use some of ${KEY_SCOPE_NAMES.join(", ")}.`);
  return [...new Set(scopes)] as KeyScope[];
}

/** `--expires 2027-01-31T00:00:00Z`: a moment in the future. */
function parseExpiry(text: string): Date {
  const at = new Date(text);
  if (!/^\d{4}-\d\d-\d\d/.test(text) || Number.isNaN(at.getTime()))
    throw new UsageError(`--expires must be an ISO 8601 date or time (2027-01-31T00:00:00Z), got "${text}".`);
  if (at.getTime() <= Date.now()) throw new UsageError("--expires must be in the future.");
  return at;
}

/** `--grace-hours 24`: whole hours, 0 to 720. */
function parseGraceHours(text: string): number {
  if (!/^\d{1,3}$/.test(text) || Number(text) > 720)
    throw new UsageError(`--grace-hours must be a whole number of hours from 0 to 720, got "${text}".`);
  return Number(text);
}

/** `npm run keys -- create|list|revoke --project GUID …`: a project's API keys. */
async function main(): Promise<void> {
  const { values, positionals } = parseCommandLine({
    options: {
      project: { type: "string" },
      label: { type: "string" },
      key: { type: "string" },
      scopes: { type: "string" },
      expires: { type: "string" },
      "grace-hours": { type: "string" },
      cap: { type: "string", multiple: true },
      help: { type: "boolean", short: "h" },
    },
    allowPositionals: true,
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const [name, ...extra] = positionals;
  if (name === undefined) throw new UsageError("Name a command: create, list, roll or revoke.");
  if (!(COMMANDS as readonly string[]).includes(name)) {
    throw new UsageError(`Unknown command "${name}": use create, list, roll or revoke.`);
  }
  const command = name as Command;
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}" after ${command}.`);
  for (const option of ["label", "key", "scopes", "expires", "grace-hours", "cap"] as const) {
    if (values[option] !== undefined && !EXTRA[command].includes(option)) {
      throw new UsageError(`--${option} does not apply to ${command}.`);
    }
  }
  const guid = values.project;
  if (guid === undefined) throw new UsageError(`${command} needs --project GUID.`);
  if (!uuid.safeParse(guid).success) {
    throw new UsageError(`--project must be a project GUID (8-4-4-4-12 hexadecimal digits), got "${guid}".`);
  }
  const label = values.label ?? "";
  if (label.length > MAX_LABEL) throw new UsageError(`--label must be at most ${MAX_LABEL} characters.`);
  // The rule of all stored text (a key's Name over HTTP too); also keeps list at one line per key.
  const labelProblem = textProblem(label);
  if (labelProblem) throw new UsageError(`--label ${labelProblem}.`);
  if ((command === "revoke" || command === "roll") && !values.key)
    throw new UsageError(`${command} needs --key ID_OR_PREFIX (see list).`);
  const scopes = values.scopes === undefined ? undefined : parseScopes(values.scopes);
  const expiresAt = values.expires === undefined ? null : parseExpiry(values.expires);
  const graceHours = values["grace-hours"] === undefined ? 24 : parseGraceHours(values["grace-hours"]);
  // The command line is right: now the database code (keys-commands.ts) is loaded.
  const { runKeysCommand } = await import("./keys-commands");
  await withServiceDatabase(({ db }, where) =>
    runKeysCommand(db, where, {
      command,
      guid,
      label,
      scopes,
      expiresAt,
      graceHours,
      key: values.key ?? "",
      caps: values.cap ?? [],
    }),
  );
}

await runCli("keys", main);
