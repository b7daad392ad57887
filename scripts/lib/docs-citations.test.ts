import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { trackedTexts } from "@/testing/tracked-files";

/**
 * Comments and docs cite the project's own docs by file and title — `(docs/console.md, "One
 * request context")` — so a reader can find the rule behind the code. Such a citation must name a
 * title the file has: a heading, or a paragraph's or list item's bold lead-in (`**Theme: System,
 * Light or Dark, no flash.**`). The cited words may be the title's beginning, and "…" stands for
 * words left out. Applied migrations are history, never edited, and are not checked.
 */
const CITATION = /(docs\/[\w./-]+\.md)(?:,|\s+at)(?:\s|\*|\/\/|--)+"([^"]+)"/g;
const HISTORY = /^(service|lib)\/db\/migrations\//;
const CHECKED = /\.(ts|tsx|mts|cts|js|mjs|cjs|sql|md)$/;
const THIS_FILE = "scripts/lib/docs-citations.test.ts";

const root = resolve(import.meta.dirname, "../..");
const tracked = trackedTexts(root, (path) => CHECKED.test(path) && path !== THIS_FILE && !HISTORY.test(path));

/** Lower case, backticks dropped, a comment's line breaks and markers (` * `, `// `, `-- `) as one space. */
const plain = (text: string) =>
  text
    .replace(/\n\s*(?:\*|\/\/|--)?\s*/g, " ")
    .replace(/`/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

const titlesOf = new Map<string, string[] | null>();
function titles(doc: string): string[] | null {
  if (!titlesOf.has(doc)) {
    const path = resolve(root, doc);
    if (!existsSync(path)) titlesOf.set(doc, null);
    else {
      const text = readFileSync(path, "utf8");
      const found = [
        ...[...text.matchAll(/^#+\s+(.+)$/gm)].map((match) => match[1] ?? ""),
        ...[...text.matchAll(/^\s*(?:[-*]|\d+\.)?\s*\*\*(.+?)\*\*/gm)].map((match) => match[1] ?? ""),
      ];
      titlesOf.set(doc, found.map(plain));
    }
  }
  return titlesOf.get(doc) ?? null;
}

/** Whether `cited` names `title`: its beginning, with "…" for words left out, in order. */
function names(cited: string, title: string): boolean {
  const [first = "", ...rest] = cited.split("…").map((piece) => piece.trim());
  if (!title.startsWith(first)) return false;
  let from = first.length;
  for (const piece of rest) {
    const at = title.indexOf(piece, from);
    if (at < 0) return false;
    from = at + piece.length;
  }
  return true;
}

function unresolved({ path, text }: { path: string; text: string }): string[] {
  return [...text.matchAll(CITATION)].flatMap((match) => {
    const [, doc = "", words = ""] = match;
    const known = titles(doc);
    const cited = plain(words);
    if (known?.some((title) => names(cited, title))) return [];
    const line = text.slice(0, match.index).split("\n").length;
    return [`${path}:${line}: ${doc}, "${cited}"${known ? "" : " (no such file)"}`];
  });
}

describe("citations of the project's docs", () => {
  it("each names a title its file has", () => {
    expect(tracked.flatMap(unresolved)).toEqual([]);
  });

  it("tells a title's beginning and left-out words from a title the file lacks", () => {
    expect(names("console: where the … pages spend", "console: where the overview pages spend time")).toBe(
      true,
    );
    expect(names("theme", "theme: system, light or dark, no flash.")).toBe(true);
    expect(names("where the overview", "console: where the overview")).toBe(false);
    expect(names("console: where the … form spend", "console: where the overview pages spend")).toBe(false);
  });
});
