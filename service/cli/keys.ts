import { CliError, isoSecond, parseCommandLine, UsageError } from "@/common/cli";
import { uuid } from "@/lib/contract/fields";
import type { ServiceDb } from "../db/connection";
import {
  type ApiKeyListing,
  createApiKey,
  findProjectByGuid,
  listApiKeys,
  revokeApiKey,
} from "../domain/keys";
import { runCli, withServiceDatabase } from "./run-cli";

const MAX_LABEL = 200;

const HELP = `Usage: npm run keys -- create --project GUID [--label TEXT]
       npm run keys -- list --project GUID
       npm run keys -- revoke --project GUID --key ID_OR_PREFIX

Manages a project's API keys in the service's database.
  create   issue a new key; it is printed once and stored only as a hash
  list     the project's keys: id, prefix, label, created, revoked (never the keys)
  revoke   revoke a key by the id or prefix that list shows; requests with it fail at once
With PGlite (the default), stop the service first.`;

const COMMANDS = ["create", "list", "revoke"] as const;
type Command = (typeof COMMANDS)[number];

/** Options each command accepts besides --project. */
const EXTRA: Record<Command, readonly string[]> = { create: ["label"], list: [], revoke: ["key"] };

async function projectOf(db: ServiceDb, guid: string, where: string) {
  const project = await findProjectByGuid(db, guid);
  if (!project) {
    throw new CliError(
      `No project ${guid} in the service database (${where}); import one with npm run db:seed.`,
    );
  }
  return project;
}

/** `3 (gcc_AbCdEf, label "ci")` */
const describeKey = (key: ApiKeyListing) =>
  `${key.id} (${key.prefix}${key.label ? `, label "${key.label}"` : ""})`;

function printTable(keys: readonly ApiKeyListing[]): void {
  const table = [
    ["ID", "PREFIX", "LABEL", "CREATED", "REVOKED"],
    ...keys.map((k) => [
      String(k.id),
      k.prefix,
      k.label || "-",
      isoSecond(k.createdAt),
      k.revokedAt ? isoSecond(k.revokedAt) : "-",
    ]),
  ];
  const widths = (table[0] ?? []).map((_, column) =>
    Math.max(...table.map((row) => row[column]?.length ?? 0)),
  );
  const pad = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ");
  for (const row of table) console.log(pad(row).trimEnd());
}

/**
 * The one key `idOrPrefix` names. Resolved here rather than by `revokeApiKey` alone so that a
 * prefix shared by two keys revokes neither, and an already revoked key says so.
 */
function pickKey(keys: readonly ApiKeyListing[], idOrPrefix: string, guid: string): ApiKeyListing {
  const matches = keys.filter((k) => String(k.id) === idOrPrefix || k.prefix === idOrPrefix);
  const [match] = matches;
  if (!match) {
    throw new CliError(
      `No key with id or prefix "${idOrPrefix}" in project ${guid}; npm run keys -- list --project ${guid} shows them.`,
    );
  }
  const [live, ...more] = matches.filter((k) => k.revokedAt === null);
  if (!live) {
    const when = match.revokedAt ? ` on ${isoSecond(match.revokedAt)}` : "";
    throw new CliError(`Key ${describeKey(match)} was already revoked${when}.`);
  }
  if (more.length > 0) {
    const ids = [live, ...more].map((k) => k.id).join(", ");
    throw new CliError(`"${idOrPrefix}" matches ${more.length + 1} live keys (ids ${ids}); revoke by id.`);
  }
  return live;
}

/** `npm run keys -- create|list|revoke --project GUID …`: a project's API keys. */
async function main(): Promise<void> {
  const { values, positionals } = parseCommandLine({
    options: {
      project: { type: "string" },
      label: { type: "string" },
      key: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    allowPositionals: true,
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const [name, ...extra] = positionals;
  if (name === undefined) throw new UsageError("Name a command: create, list or revoke.");
  if (!(COMMANDS as readonly string[]).includes(name)) {
    throw new UsageError(`Unknown command "${name}": use create, list or revoke.`);
  }
  const command = name as Command;
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}" after ${command}.`);
  for (const option of ["label", "key"] as const) {
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
  // One line per key in list.
  if (/\p{Cc}/u.test(label)) throw new UsageError("--label must not contain control characters.");
  if (command === "revoke" && !values.key)
    throw new UsageError("revoke needs --key ID_OR_PREFIX (see list).");

  await withServiceDatabase(async ({ db }, where) => {
    const project = await projectOf(db, guid, where);
    if (command === "create") {
      const created = await createApiKey(db, project.id, label);
      console.log(`Created API key ${created.id} for project ${project.guid} "${project.name}":`);
      console.log(created.key);
      console.log("Store it now: it cannot be shown again (only its prefix is kept).");
    } else if (command === "list") {
      const keys = await listApiKeys(db, project.id);
      if (keys.length === 0) {
        console.log(`Project ${project.guid} "${project.name}" has no API keys.`);
        return;
      }
      console.log(`API keys of project ${project.guid} "${project.name}":`);
      printTable(keys);
    } else {
      const key = pickKey(await listApiKeys(db, project.id), values.key as string, project.guid);
      // By id, so the one key picked above is the one revoked.
      if (!(await revokeApiKey(db, project.id, String(key.id)))) {
        throw new CliError(`Key ${describeKey(key)} was revoked meanwhile.`);
      }
      console.log(`Revoked key ${describeKey(key)} of project ${project.guid}; requests with it now fail.`);
    }
  });
}

await runCli("keys", main);
