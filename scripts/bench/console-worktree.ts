import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A commit of the console checked out in a git worktree of its own and built there, so that a
 * benchmark can run two commits side by side without touching the working tree's `.next` (which
 * the e2e run and `npm run demo` use).
 */
export interface BuiltConsole {
  /** The commit as given (HEAD, 6e3e39a, …) and as resolved. */
  ref: string;
  commit: string;
  dir: string;
}

function run(command: string, args: string[], cwd: string, what: string): string {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0)
    throw new Error(
      `${what} failed (${command} ${args.join(" ")}):\n${(result.stderr || result.stdout).trim()}`,
    );
  return result.stdout.trim();
}

/**
 * The worktree of `ref` (created when missing) with its dependencies and a production build.
 * Its node_modules is the repository's own, hard-linked (no copy, no download), when the
 * lockfiles are identical — Turbopack refuses a node_modules symlinked from outside the project —
 * and a fresh `npm ci` otherwise. The build runs only when the worktree has none yet, under
 * `flock lock` when a lock file is given.
 */
export function prepareConsole(root: string, ref: string, lock: string | null): BuiltConsole {
  const commit = run("git", ["rev-parse", "--verify", `${ref}^{commit}`], root, `finding commit ${ref}`);
  const dir = join(tmpdir(), `gcc-bench-console-${commit.slice(0, 12)}`);
  if (!existsSync(dir)) run("git", ["worktree", "add", "--detach", dir, commit], root, `checking out ${ref}`);
  if (!existsSync(join(dir, "node_modules"))) {
    const sameLock =
      readFileSync(join(root, "package-lock.json"), "utf8") ===
      readFileSync(join(dir, "package-lock.json"), "utf8");
    if (sameLock)
      run("cp", ["-al", join(root, "node_modules"), join(dir, "node_modules")], root, "linking node_modules");
    else run("npm", ["ci", "--no-audit", "--no-fund"], dir, `npm ci at ${ref}`);
  }
  if (!existsSync(join(dir, ".next", "BUILD_ID"))) {
    console.log(`Building ${ref} (${commit.slice(0, 7)}) in ${dir}${lock ? ` under flock ${lock}` : ""}…`);
    const build = ["node_modules/.bin/next", "build"];
    const result = spawnSync(
      lock ? "flock" : (build[0] as string),
      lock ? [lock, ...build] : build.slice(1),
      {
        cwd: dir,
        stdio: ["ignore", "ignore", "inherit"],
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
      },
    );
    if (result.status !== 0) throw new Error(`next build of ${ref} failed in ${dir} (see above)`);
  }
  return { ref, commit, dir };
}

/** Removes a worktree made by prepareConsole (its build and data with it). */
export function removeConsole(root: string, dir: string): void {
  run("git", ["worktree", "remove", "--force", dir], root, `removing the worktree ${dir}`);
}
