import { sql } from "drizzle-orm";
import { CliError, isoSecond, UsageError } from "@/common/cli";
import type { KeyScope } from "@/lib/contract/key-scopes";
import type { ServiceDb } from "../db/connection";
import {
  type ApiKeyListing,
  type CapInput,
  createApiKey,
  findProjectByGuid,
  listApiKeys,
  revokeApiKey,
  rollApiKey,
} from "../domain/keys";
import { rows } from "../domain/sql-rows";

/**
 * What `npm run keys` does once its command line is checked (keys.ts): the database part, in a
 * module of its own so that `--help` and a wrong argument answer without loading it.
 */

/** A checked command line. */
export interface KeysCommand {
  command: "create" | "list" | "roll" | "revoke";
  guid: string;
  label: string;
  /** undefined: every scope. */
  scopes: KeyScope[] | undefined;
  expiresAt: Date | null;
  graceHours: number;
  /** --key ID_OR_PREFIX (roll, revoke). */
  key: string;
  /** --cap TOKEN=AMOUNT texts, checked against the project's tokens here. */
  caps: readonly string[];
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

/** Runs one checked command against the service's database. */
export async function runKeysCommand(db: ServiceDb, where: string, request: KeysCommand): Promise<void> {
  const project = await projectOf(db, request.guid, where);
  if (request.command === "create") {
    const caps = await parseCaps(db, project.id, request.caps);
    const created = await createApiKey(db, project.id, {
      label: request.label,
      scopes: request.scopes,
      expiresAt: request.expiresAt,
      caps,
    });
    console.log(`Created API key ${created.id} for project ${project.guid} "${project.name}":`);
    console.log(created.key);
    console.log("Store it now: it cannot be shown again (only its prefix is kept).");
  } else if (request.command === "list") {
    const keys = await listApiKeys(db, project.id);
    if (keys.length === 0) {
      console.log(`Project ${project.guid} "${project.name}" has no API keys.`);
      return;
    }
    console.log(`API keys of project ${project.guid} "${project.name}":`);
    printTable(keys);
  } else if (request.command === "roll") {
    const key = pickKey(await listApiKeys(db, project.id), request.key, project.guid);
    const rolled = await rollApiKey(db, project.id, key.id, request.graceHours * 3600_000);
    if (!rolled) throw new CliError(`Key ${describeKey(key)} was revoked or rolled meanwhile.`);
    console.log(`Rolled key ${describeKey(key)} of project ${project.guid}: the new key ${rolled.id} is`);
    console.log(rolled.key);
    console.log(
      `Store it now: it cannot be shown again. The old key works until ${isoSecond(rolled.oldKeyWorksUntil)}.`,
    );
  } else {
    const key = pickKey(await listApiKeys(db, project.id), request.key, project.guid);
    // By id, so the one key picked above is the one revoked.
    if (!(await revokeApiKey(db, project.id, String(key.id)))) {
      throw new CliError(`Key ${describeKey(key)} was revoked meanwhile.`);
    }
    console.log(`Revoked key ${describeKey(key)} of project ${project.guid}; requests with it now fail.`);
  }
}
