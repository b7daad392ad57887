import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs preload (it runs before any TypeScript loader), without types
import { answer } from "./package-relative-imports.mjs";

const IMPORT = ["node", "import", "module-sync", "node-addons"];

/** Every resolution Node itself makes while a fresh process (without the preload) imports `modules`. */
function nodesOwnResolutions(
  modules: string[],
): { specifier: string; parentURL: string; url: string; format: string }[] {
  const script = `
    import { registerHooks } from "node:module";
    const seen = [];
    registerHooks({
      resolve(specifier, context, next) {
        const result = next(specifier, context);
        if (context.conditions.includes("import")) {
          seen.push({ specifier, parentURL: context.parentURL, url: result.url, format: result.format });
        }
        return result;
      },
    });
    for (const name of ${JSON.stringify(modules)}) await import(name);
    process.stdout.write(JSON.stringify(seen));
  `;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: process.cwd(),
    env: { ...process.env, NODE_OPTIONS: "" },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.toString());
}

describe("relative imports inside installed packages, answered without Node's scope lookup", () => {
  it("gives every relative import of drizzle-orm, zod and PGlite the URL and format Node gives it", () => {
    const resolutions = nodesOwnResolutions([
      "drizzle-orm/pg-core",
      "drizzle-orm/pglite",
      "zod",
      "@electric-sql/pglite",
    ]);
    const answered = resolutions.filter((r) => answer(r.specifier, r.parentURL, IMPORT) !== null);
    for (const r of answered) {
      expect(answer(r.specifier, r.parentURL, IMPORT), `${r.specifier} from ${r.parentURL}`).toEqual({
        url: r.url,
        format: r.format,
      });
    }
    // drizzle-orm's own modules are the ones it is for: hundreds of them.
    expect(answered.filter((r) => r.url.includes("/node_modules/drizzle-orm/")).length).toBeGreaterThan(200);
  });

  const root = mkdtempSync(join(tmpdir(), "package-relative-imports-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const packageFolder = (name: string, packageJson: object | null, files: string[]) => {
    const folder = join(root, "node_modules", name);
    mkdirSync(folder, { recursive: true });
    if (packageJson) writeFileSync(join(folder, "package.json"), JSON.stringify(packageJson));
    for (const file of files) {
      mkdirSync(join(folder, file, ".."), { recursive: true });
      writeFileSync(join(folder, file), "export {};\n");
    }
    return pathToFileURL(`${folder}/`).href;
  };

  it("follows the nearest package.json's type, and leaves to Node what it cannot answer exactly", () => {
    const esm = packageFolder("esm", { type: "module" }, [
      "index.js",
      "a.js",
      "b.cjs",
      "lib/c.js",
      "old/d.js",
    ]);
    writeFileSync(join(root, "node_modules/esm/old/package.json"), JSON.stringify({ type: "commonjs" }));
    const typeless = packageFolder("typeless", { name: "typeless" }, ["index.js", "a.js", "b.mjs"]);
    const parent = `${esm}index.js`;

    expect(answer("./a.js", parent, IMPORT)).toEqual({ url: `${esm}a.js`, format: "module" });
    expect(answer("./b.cjs", parent, IMPORT)).toEqual({ url: `${esm}b.cjs`, format: "commonjs" });
    expect(answer("./lib/c.js", parent, IMPORT)).toEqual({ url: `${esm}lib/c.js`, format: "module" });
    expect(answer("./old/d.js", parent, IMPORT)).toEqual({ url: `${esm}old/d.js`, format: "commonjs" });
    expect(answer("../a.js", `${esm}lib/c.js`, IMPORT)).toEqual({ url: `${esm}a.js`, format: "module" });
    expect(answer("./b.mjs", `${typeless}index.js`, IMPORT)).toEqual({
      url: `${typeless}b.mjs`,
      format: "module",
    });

    // Node decides these itself: a typeless package's .js (by its syntax), a file that is not
    // there, a search (no extension), a require, a bare name, a module outside node_modules.
    expect(answer("./a.js", `${typeless}index.js`, IMPORT)).toBeNull();
    expect(answer("./missing.js", parent, IMPORT)).toBeNull();
    expect(answer("./a", parent, IMPORT)).toBeNull();
    expect(answer("./a.js", parent, ["node", "require"])).toBeNull();
    expect(answer("zod", parent, IMPORT)).toBeNull();
    expect(answer("./a.js", pathToFileURL(join(root, "app.js")).href, IMPORT)).toBeNull();
  });

  it("answers a module by its real path, as Node does", () => {
    const esm = packageFolder("linked", { type: "module" }, ["index.js", "real/a.js"]);
    symlinkSync(join(root, "node_modules/linked/real/a.js"), join(root, "node_modules/linked/a.js"));
    expect(answer("./a.js", `${esm}index.js`, IMPORT)).toEqual({ url: `${esm}real/a.js`, format: "module" });
  });
});
