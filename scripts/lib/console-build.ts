import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";

/** What the console's production build is made from: a change to any of them needs a new build. */
const CONSOLE_SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.ts",
  "package.json",
  "postcss.config.mjs",
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestChange(join(path, name))),
    stat.mtimeMs,
  );
}

/** True when `root/.next` holds a build newer than every source of the console. */
export function consoleBuildIsCurrent(root: string): boolean {
  const buildId = join(root, ".next", "BUILD_ID");
  const built = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  const changed = Math.max(...CONSOLE_SOURCES.map((source) => newestChange(join(root, source))));
  return built > changed;
}

/**
 * `next build`, unless the build in `root/.next` is current. Its output goes to `logFile` (the
 * route table and the bundler's notes are for whoever debugs a build); a failed build prints the
 * log's last lines, where the error is.
 */
export function buildConsoleIfNeeded(root: string, logFile: string): void {
  if (consoleBuildIsCurrent(root)) return;
  console.log(
    `Building the console (next build; about a minute or two on a first start). Output: ${logFile}`,
  );
  mkdirSync(dirname(logFile), { recursive: true });
  const log = openSync(logFile, "w");
  try {
    const result = spawnSync("npx", ["next", "build"], {
      cwd: root,
      stdio: ["ignore", log, log],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (result.status !== 0) {
      const tail = readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-BUILD_LINES_SHOWN).join("\n");
      throw new Error(`next build failed. The last lines of ${logFile}:\n${tail}`);
    }
  } finally {
    closeSync(log);
  }
}

/** How much of a failed build's output is printed: the error and what led to it. */
const BUILD_LINES_SHOWN = 40;
