import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { trackedTexts } from "@/testing/tracked-files";

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
const tracked = trackedTexts(root, (path) => path !== THIS_FILE && !HISTORY.test(path));

function citing({ path, text }: { path: string; text: string }): string[] {
  return text
    .split("\n")
    .flatMap((line, index) => (CITATION.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : []));
}

describe("citations of documents outside the repository", () => {
  it("no tracked file cites DESIGN or ../shared/", () => {
    expect(tracked.flatMap(citing)).toEqual([]);
  });
});
