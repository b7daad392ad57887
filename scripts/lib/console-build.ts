import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

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

/** `next build`, its output on the terminal, unless the build in `root/.next` is current. */
export function buildConsoleIfNeeded(root: string): void {
  if (consoleBuildIsCurrent(root)) return;
  console.log("Building the console (next build)…");
  const result = spawnSync("npx", ["next", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error("next build failed (see above).");
}
