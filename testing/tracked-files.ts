import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

/**
 * The text of each file git tracks under `root` that `keep` accepts, for tests that read the whole
 * repository (its citations). A file deleted in the work tree but still in git's index, and a
 * binary file, are left out.
 */
export function trackedTexts(
  root: string,
  keep: (path: string) => boolean,
): { path: string; text: string }[] {
  return execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
    .split("\0")
    .filter((path) => path !== "" && keep(path))
    .flatMap((path) => {
      let text: string;
      try {
        text = readFileSync(resolve(root, path), "utf8");
      } catch {
        return [];
      }
      return text.includes("\0") ? [] : [{ path, text }];
    });
}
