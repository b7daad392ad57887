import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

/**
 * One test file's folder under the system's temp folder (`gcc-<prefix>-…`), removed with all it
 * holds after the file's tests: call it at the top of the file, where vitest's `afterAll` belongs
 * to the file. `next()` makes a fresh folder inside it, one per test or tool run. Test files that
 * each made their own temp folders and left them took about 700 MB of the temp folder per
 * `npm test` (docs/testing.md, "Tests that leave nothing behind").
 */
export function testFolders(prefix: string): { root: string; next(name?: string): string } {
  const root = mkdtempSync(join(tmpdir(), `gcc-${prefix}-`));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  return { root, next: (name = "run") => mkdtempSync(join(root, `${name}-`)) };
}
