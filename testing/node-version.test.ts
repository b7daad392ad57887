import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { delimiter, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { satisfies } from "semver";
import { describe, expect, it } from "vitest";
import { startsOf, TEST_LIMITS } from "./test-limits";

/**
 * The programs run on the Node the project brings (README, "Set-up"): `npm install` links the
 * registry's Node binary as node_modules/.bin/node, and `npm run` / `npx` put that folder first
 * on PATH, so every script, `#!/usr/bin/env node` bin and `process.execPath` child runs on it,
 * whatever Node runs npm itself. The required major is the one `engines` names.
 */

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const run = promisify(execFile);

function requiredMajor(): number {
  const { engines } = JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as {
    engines?: { node?: string };
  };
  const match = /^>=(\d+)(\.\d+)*$/.exec(engines?.node ?? "");
  if (!match)
    throw new Error(`package.json engines.node should read ">=MAJOR[.MINOR]" (got ${engines?.node})`);
  return Number(match[1]);
}

const major = (version: string) => Number(version.trim().split(".")[0]);

/** A user's shell: the PATH without the folders npm adds for a script (node_modules/.bin, node-gyp-bin). */
function shellEnv(): NodeJS.ProcessEnv {
  const path = (process.env.PATH ?? "")
    .split(delimiter)
    .filter((dir) => !dir.endsWith(`node_modules${sep}.bin`) && !dir.endsWith("node-gyp-bin"))
    .join(delimiter);
  return { ...process.env, PATH: path };
}

describe("the Node the programs run on", () => {
  it("is the one engines names, here in the tests", () => {
    expect(requiredMajor()).toBeGreaterThanOrEqual(24);
    expect(major(process.versions.node)).toBeGreaterThanOrEqual(requiredMajor());
  });

  // Two programs started one after the other.
  const twoStarts = { timeout: startsOf(2) };
  it(
    "is the one engines names for a package script's command and for a bin through npx, started from a plain shell",
    twoStarts,
    async () => {
      const options = { cwd: ROOT, env: shellEnv(), timeout: TEST_LIMITS.startMs };
      // What a package script's `node …` or `tsx …` finds (`npm exec -c` runs it as `npm run` would).
      const script = await run("npm", ["exec", "-c", "node -p process.versions.node"], options);
      // A bin whose shebang is `#!/usr/bin/env node`, as every script here starts one (tsx).
      const bin = await run(
        "npx",
        ["--no", "--", "tsx", "-e", "console.log(process.versions.node)"],
        options,
      );
      expect(major(script.stdout)).toBeGreaterThanOrEqual(requiredMajor());
      expect(major(bin.stdout)).toBeGreaterThanOrEqual(requiredMajor());
    },
  );
});

/** The oldest Node the README asks for to run `npm install` (README, "What you need first"). */
const INSTALLING_NODE = "20.19.0";

describe("npm install on the system's Node", () => {
  it("finds no package whose engines refuse it (npm would warn EBADENGINE)", () => {
    const lock = JSON.parse(readFileSync(`${ROOT}package-lock.json`, "utf8")) as {
      packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
    };
    const refusing = Object.entries(lock.packages)
      // "": the project itself, which runs on the Node it brings; npm does not judge the root.
      .filter(([path]) => path !== "")
      .flatMap(([path, entry]) => {
        const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return wanted && !satisfies(INSTALLING_NODE, wanted) ? [`${path} wants node ${wanted}`] : [];
      });
    expect(refusing).toEqual([]);
    // The check can fail: the cookie package fastify's light-my-request 6.8 pulls in wants Node 22.
    expect(satisfies(INSTALLING_NODE, ">=22")).toBe(false);
  });
});
