import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The project's rules are written in its own docs/ (docs/service.md, docs/console.md,
 * docs/architecture.md): a clone holds no design document outside the repository, so a comment
 * that cites one ("DESIGN §3 rule 7", "../shared/…") points nowhere. No tracked file may cite
 * one, but:
 *
 * - applied migrations (service/db/migrations/, lib/db/migrations/): history, never edited;
 * - the files in PENDING, which other work was changing when the citations were rewritten;
 *   each is listed with where its citations should point, and the test fails once a
 *   listed file cites nothing any more, so the list only shrinks.
 */
const CITATION = /\bDESIGN\b|\.\.\/shared\//;
const HISTORY = /^(service|lib)\/db\/migrations\//;
const PENDING: Record<string, string> = {
  "components/catalogue/shown-text.tsx": 'docs/console.md, "Catalogue languages"',
  "lib/awards/award-input.ts": 'docs/console.md, "The form and the RequestID rule"',
  "lib/awards/award-rules.ts": 'docs/console.md, "The form and the RequestID rule"',
  "lib/awards/trail.ts": 'docs/console.md, "The trail"',
  "lib/awards/wallet.ts": 'docs/service.md, "Awards (rules 13–17)"',
  "lib/bulk/validate.ts": 'docs/service.md, "Awards (rules 13–17)"',
};
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
  it("no tracked file cites DESIGN or ../shared/ but the pending ones", () => {
    const found = tracked.filter((path) => !(path in PENDING)).flatMap(citing);
    expect(found).toEqual([]);
  });

  it("every pending file still cites one (remove it from the list once it does not)", () => {
    const done = Object.keys(PENDING).filter((path) => citing(path).length === 0);
    expect(done).toEqual([]);
  });
});
