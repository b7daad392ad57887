import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { comparableText, functionCopies } from "./sql-functions";

/**
 * The tests that hold a functions folder to its migrations (docs/service.md, "SQL functions"):
 * every function the migrations leave defined has its file, every file holds such a function, and
 * each file's CREATE statement is, character for character (line endings and trailing whitespace
 * aside), the one of the newest migration that defines it. A change to a function is a new
 * migration AND its file; a migration that ran is never edited.
 */
export function describeFunctionCopies(migrationsFolder: string, functionsFolder: string): void {
  const copies = functionCopies(migrationsFolder, functionsFolder);
  const functions = relative(process.cwd(), functionsFolder);

  describe(`the SQL functions of ${relative(process.cwd(), migrationsFolder)}, copied in ${functions}`, () => {
    it("every migration file is in meta/_journal.json, the order drizzle applies them in", () => {
      expect(copies.unjournaled).toEqual([]);
    });

    it("every function the migrations leave defined has its file", () => {
      expect(copies.missing, `add a file to ${functions} for each`).toEqual([]);
    });

    it("every file holds a function the migrations leave defined (none dropped, none unknown)", () => {
      expect(copies.orphans, "remove these files, or define the function in a new migration").toEqual([]);
    });

    it("each file is named after its function, and holds a function no other file holds", () => {
      expect(copies.misnamed).toEqual([]);
      expect(copies.duplicates).toEqual([]);
    });

    it.each(copies.pairs.map((pair) => [pair.file, pair.migration, pair]))(
      "%s holds the definition of the newest migration that defines it, %s",
      (_file, _migration, pair) => {
        expect(
          comparableText(pair.fileText),
          `${pair.key}: ${functions}/${pair.file} differs from ${pair.migration}`,
        ).toBe(comparableText(pair.migrationText));
      },
    );
  });
}
