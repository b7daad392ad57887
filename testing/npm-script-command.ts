import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * How `npm run` starts a program file: the command of package.json's script that runs it, as
 * the arguments after `tsx` (its flags, the file) — so the CLI tests run each tool the way a person's
 * `npm run` does, flags included, without restating them. `db:migrate` runs two files, one after
 * the other: each is found on its own. Throws when no script runs the file with tsx alone.
 */
export function tsxArgumentsOf(file: string): string[] {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  for (const script of Object.values(scripts)) {
    for (const command of script.split("&&")) {
      const [program, ...words] = command.trim().split(/\s+/);
      if (program === "tsx" && words.at(-1) === file) return words;
    }
  }
  throw new Error(`No package.json script runs ${file} with tsx`);
}
