// Preloaded into every Node process of `npm test` (NODE_OPTIONS=--import, scripts/test.ts): answers
// a relative `import` inside an installed package itself, as Node would, without Node's lookup of
// the package's scope. That lookup (Node 24.21 and 26.12, internal/modules/package_json_reader)
// copies the package.json's fields with an object spread, which runs the lazy getter of its
// "exports" and parses them again for every module: drizzle-orm's package.json is 179 kB, so a
// process that imports drizzle-orm/pg-core spent about half a second of processor on it, 0.06 s
// with this (docs/testing.md, "Vitest: where the test time goes"). Each vitest file of the unit
// project, each database tool a test starts and each service runs in a process of its own.
//
// Only what needs no search: `./x.js`, `../x.mjs`, `./x.cjs` from a module under node_modules,
// imported (not required), naming a file that exists. The format is what Node reads: .mjs is a
// module, .cjs CommonJS, and .js follows the "type" the nearest package.json names (when it names
// none, Node looks at the file's syntax: left to Node). Anything else goes to Node's resolution. Without module.registerHooks (a Node before 22.15, such as the
// system Node an `npm exec` may start) this does nothing.
import { existsSync, readFileSync, realpathSync } from "node:fs";
import * as nodeModule from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * The "type" the nearest package.json gives a folder's .js files, "module" or "commonjs"; null
 * when it names none (Node then looks at each file's syntax) or there is none. Kept per folder.
 */
const typeOfFolder = new Map();

function packageType(folder) {
  const known = typeOfFolder.get(folder);
  if (known !== undefined) return known;
  const file = join(folder, "package.json");
  let type = null;
  if (existsSync(file)) {
    const named = JSON.parse(readFileSync(file, "utf8")).type;
    type = named === "module" || named === "commonjs" ? named : null;
  } else if (dirname(folder) !== folder) {
    type = packageType(dirname(folder));
  }
  typeOfFolder.set(folder, type);
  return type;
}

/**
 * The URL and format Node gives `specifier` imported from `parentURL`, or null when this is not
 * one of the cases answered here. Exported for testing/package-relative-imports.test.ts.
 */
export function answer(specifier, parentURL, conditions) {
  if (!parentURL?.startsWith("file:") || !parentURL.includes("/node_modules/")) return null;
  if (!(specifier.startsWith("./") || specifier.startsWith("../"))) return null;
  if (!conditions?.includes("import")) return null;
  const extension = /\.(m|c)?js$/.exec(specifier)?.[0];
  if (extension === undefined) return null;
  const url = new URL(specifier, parentURL);
  if (url.search || url.hash) return null;
  let path;
  try {
    path = realpathSync.native(fileURLToPath(url)); // Node answers a module by its real path
  } catch {
    return null; // no such file: Node's own resolution says so
  }
  if (!path.includes("/node_modules/")) return null;
  const format =
    extension === ".mjs" ? "module" : extension === ".cjs" ? "commonjs" : packageType(dirname(path));
  return format === null ? null : { url: pathToFileURL(path).href, format };
}

if (typeof nodeModule.registerHooks === "function") {
  nodeModule.registerHooks({
    resolve(specifier, context, nextResolve) {
      const known = answer(specifier, context.parentURL, context.conditions);
      return known ? { ...known, shortCircuit: true } : nextResolve(specifier, context);
    },
  });
}
