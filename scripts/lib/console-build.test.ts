import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { testFolders } from "@/testing/temp-folders";
import { consoleBuildIsCurrent } from "./console-build";

const temp = testFolders("console-build");

/** A project folder with one console source and, optionally, a build, each with its own time. */
function project(sourceAt: number, builtAt?: number): string {
  const root = temp.next();
  mkdirSync(join(root, "lib", "deep"), { recursive: true });
  const source = join(root, "lib", "deep", "x.ts");
  writeFileSync(source, "export {};\n");
  utimesSync(source, sourceAt, sourceAt);
  // The folders' own times must not be newer than the file's.
  for (const folder of [join(root, "lib", "deep"), join(root, "lib")]) utimesSync(folder, sourceAt, sourceAt);
  if (builtAt !== undefined) {
    mkdirSync(join(root, ".next"));
    writeFileSync(join(root, ".next", "BUILD_ID"), "id");
    utimesSync(join(root, ".next", "BUILD_ID"), builtAt, builtAt);
  }
  return root;
}

describe("consoleBuildIsCurrent", () => {
  it("is true only for a build newer than every console source, however deep", () => {
    expect(consoleBuildIsCurrent(project(1_000, 2_000))).toBe(true);
    expect(consoleBuildIsCurrent(project(3_000, 2_000))).toBe(false);
  });

  it("is false without a build", () => {
    expect(consoleBuildIsCurrent(project(1_000))).toBe(false);
  });
});
