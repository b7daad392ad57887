import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The project's rules are written in its own docs/ (docs/service.md, docs/console.md,
 * docs/architecture.md): a clone holds no design document outside the repository, so a comment
 * that cites one ("DESIGN §3 rule 7", "../shared/…") points nowhere. No tracked file may cite
 * one, but applied migrations (service/db/migrations/, lib/db/migrations/): history, never edited.
 */
const CITATION = /\bDESIGN\b|\.\.\/shared\//;
const HISTORY = /^(service|lib)\/db\/migrations\//;
const THIS_FILE = "scripts/lib/design-citations.test.ts";

const root = resolve(import.meta.dirname, "../..");
const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter((path) => path !== "" && path !== THIS_FILE && !HISTORY.test(path));

function citing(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(resolve(root, path), "utf8");
  } catch {
    return []; // deleted in the work tree, not yet in git's index
  }
  if (text.includes("\0")) return []; // a binary file
  return text
    .split("\n")
    .flatMap((line, index) => (CITATION.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : []));
}

describe("citations of documents outside the repository", () => {
  it("no tracked file cites DESIGN or ../shared/", () => {
    expect(tracked.flatMap(citing)).toEqual([]);
  });
});
