import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { type DumpFiles, writeMigratedDumps } from "./pglite-dumps";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite dumps of this run (testing/pglite-dumps.ts). */
    pgliteDumps: DumpFiles;
  }
}

let folder: string | undefined;

/** For the PGlite project: the migrated dumps, built once per run instead of once per test file. */
export async function setup(project: TestProject): Promise<void> {
  folder = mkdtempSync(join(tmpdir(), "gcc-pglite-dumps-"));
  project.provide("pgliteDumps", await writeMigratedDumps(folder));
}

export function teardown(): void {
  if (folder) rmSync(folder, { recursive: true, force: true });
}
