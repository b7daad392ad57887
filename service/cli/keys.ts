import { sql } from "drizzle-orm";
import { CliError, isoSecond, parseCommandLine, UsageError } from "@/common/cli";
import { uuid } from "@/lib/contract/fields";
import { textProblem } from "@/lib/contract/text-rule";
import type { ServiceDb } from "../db/connection";
import {
  type ApiKeyListing,
  type CapInput,
  createApiKey,
  findProjectByGuid,
  KEY_SCOPES,
  type KeyScope,
  listApiKeys,
  revokeApiKey,
  rollApiKey,
} from "../domain/keys";
import { rows } from "../domain/sql-rows";
import { runCli, withServiceDatabase } from "./run-cli";

const MAX_LABEL = 200;

const HELP = `Usage: npm run keys -- create --project GUID [--label TEXT] [--scopes read,award,fund,keys] [--expires ISO-DATE] [--cap TOKEN=AMOUNT]...
       npm run keys -- list --project GUID
       npm run keys -- roll --project GUID --key ID_OR_PREFIX [--grace-hours N]
       npm run keys -- revoke --project GUID --key ID_OR_PREFIX

Manages a project's API keys in the service's database.
  create   issue a new key; it is printed once and stored only as a hash. --scopes: what it may
           do (default all four); --expires: when it stops working; --cap GOLD=1000: at most
           that much of the token (its symbol or Guid) awarded with the key in any 24 hours
  list     the project's keys: id, prefix, label, scopes, created, until when it works (never the keys)
  roll     issue a new key like the given one (printed once); the old one keeps working for
           --grace-hours (default 24), then is refused
  revoke   revoke a key by the id or prefix that list shows; requests with it fail at once
With PGlite (the default), stop the service first.`;

const COMMANDS = ["create", "list", "roll", "revoke"] as const;
type Command = (typeof COMMANDS)[number];

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
  const unknown = scopes.find((scope) => !(KEY_SCOPES as readonly string[]).includes(scope));
  if (unknown !== undefined)
    throw new UsageError(`--scopes: "${unknown}" is not a scope; use some of ${KEY_SCOPES.join(", ")}.`);
  return [...new Set(scopes)] as KeyScope[];
}

/** `--cap GOLD=1000` (or a token Guid): one token's daily cap, an exact positive amount. */
async function parseCaps(db: ServiceDb, projectId: number, texts: readonly string[]): Promise<CapInput[]> {
  const tokens = await rows<{ guid: string; symbol: string }>(
    db,
    sql`select guid_text as guid, symbol from service.tokens where project_id = ${projectId} order by id`,
  );
  return texts.map((text) => {
    const match = /^([^=]+)=(\d+(\.\d+)?)$/.exec(text.trim());
    if (!match) throw new UsageError(`--cap must be TOKEN=AMOUNT (GOLD=1000), got "${text}".`);
    const [, name = "", daily = ""] = match;
    const found = tokens.filter(
      (t) => t.guid.toLowerCase() === name.toLowerCase() || t.symbol.toLowerCase() === name.toLowerCase(),
    );
    if (found.length !== 1)
      throw new UsageError(
        found.length === 0
          ? `--cap: "${name}" is not a token of this project (use its symbol or Guid).`
          : `--cap: "${name}" names ${found.length} tokens; use the Guid.`,
      );
    if (/^0+(\.0+)?$/.test(daily)) throw new UsageError(`--cap ${text}: the amount must be above 0.`);
    return { tokenGuid: (found[0] as { guid: string }).guid, daily };
  });
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
    ["ID", "PREFIX", "LABEL", "SCOPES", "CREATED", "REVOKED", "CAPS (USED/DAILY)"],
    ...keys.map((k) => [
      String(k.id),
      k.prefix,
      k.label || "-",
      k.scopes.join(","),
      isoSecond(k.createdAt),
      k.revokedAt ? isoSecond(k.revokedAt) : "-",
      k.caps.map((cap) => `${cap.tokenSymbol} ${cap.used}/${cap.daily}`).join(", ") || "-",
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
  // A rolled key works until its grace period ends: it can still be revoked (not rolled again).
  const [live, ...more] = matches.filter((k) => k.revokedAt === null || k.revokedAt.getTime() > Date.now());
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

  await withServiceDatabase(async ({ db }, where) => {
    const project = await projectOf(db, guid, where);
    if (command === "create") {
      const caps = await parseCaps(db, project.id, values.cap ?? []);
      const created = await createApiKey(db, project.id, { label, scopes, expiresAt, caps });
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
    } else if (command === "roll") {
      const key = pickKey(await listApiKeys(db, project.id), values.key as string, project.guid);
      const rolled = await rollApiKey(db, project.id, key.id, graceHours * 3600_000);
      if (!rolled) throw new CliError(`Key ${describeKey(key)} was revoked or rolled meanwhile.`);
      console.log(`Rolled key ${describeKey(key)} of project ${project.guid}: the new key ${rolled.id} is`);
      console.log(rolled.key);
      console.log(
        `Store it now: it cannot be shown again. The old key works until ${isoSecond(rolled.oldKeyWorksUntil)}.`,
      );
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
