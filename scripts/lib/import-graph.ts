import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import ts from "typescript";

/**
 * Every import of the project's TypeScript, resolved the way the compiler resolves it (the
 * tsconfig's `paths`, so `@/lib/x` and `../lib/x` are the same module), for the architecture
 * check (docs/architecture.md).
 */

/**
 * What an import names: a module of the project, a file that is not code (a stylesheet the
 * bundler takes), a package, one of Node's built-ins, or nothing found.
 */
export type ImportTarget =
  | { kind: "module"; path: string }
  | { kind: "asset"; path: string }
  | { kind: "package"; name: string }
  | { kind: "builtin"; name: string }
  | { kind: "unresolved" };

export interface ImportEdge {
  specifier: string;
  line: number;
  /** `import type`, `export type`, or every name imported is a type: erased from the program. */
  typeOnly: boolean;
  target: ImportTarget;
}

export interface ModuleInfo {
  /** From the root, with `/`. */
  path: string;
  /** Its `"use client"` / `"use server"` directives. */
  useClient: boolean;
  useServer: boolean;
  /** It imports `server-only`: React refuses it in a browser bundle. */
  serverOnly: boolean;
  /** A test (`*.test.ts`, `*.spec.ts`, `*.setup.ts`): it may reach anything to set up what it checks. */
  test: boolean;
  imports: ImportEdge[];
  /** The database tables it writes, by name without schema (`awards`, `award_events`), each with its line. */
  writes: TableWrite[];
}

export interface TableWrite {
  table: string;
  line: number;
}

export type ImportGraph = Map<string, ModuleInfo>;

export const TEST_FILE = /\.(test|spec|setup)\.tsx?$/;
/** A specifier of code (or none): anything else is a file the bundler takes, such as a stylesheet. */
const CODE = /(\.[cm]?[jt]sx?|\.json|\/[^./]*)$/;

function compilerSetup(root: string): ts.ParsedCommandLine {
  const configPath = join(root, "tsconfig.json");
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  if (config.error) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, "\n"));
  return ts.parseJsonConfigFileContent(config.config, ts.sys, root, undefined, configPath);
}

/** The files git ignores among `paths` (none outside a git checkout): generated and scratch files. */
function ignoredByGit(root: string, paths: readonly string[]): Set<string> {
  const result = spawnSync("git", ["-C", root, "check-ignore", "--stdin"], {
    input: paths.join("\n"),
    encoding: "utf8",
  });
  // 0: some are ignored, 1: none are, 128: not a git checkout.
  if (result.status !== 0) return new Set();
  return new Set(result.stdout.split("\n").filter(Boolean));
}

/** The package an import names: `@scope/name` or `name`, without a subpath. */
function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
}

/** Each import of a file: declarations, re-exports, `import()` (also in types) and `require()`. */
function importsOf(source: ts.SourceFile): { specifier: string; pos: number; typeOnly: boolean }[] {
  const found: { specifier: string; pos: number; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const allTypes =
        !!clause &&
        !clause.name &&
        !!named &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((element) => element.isTypeOnly);
      found.push({
        specifier: node.moduleSpecifier.text,
        pos: node.getStart(source),
        typeOnly: !!clause && (clause.isTypeOnly || allTypes),
      });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({
        specifier: node.moduleSpecifier.text,
        pos: node.getStart(source),
        typeOnly: node.isTypeOnly,
      });
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      found.push({
        specifier: node.moduleReference.expression.text,
        pos: node.getStart(source),
        typeOnly: node.isTypeOnly,
      });
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === "require")) &&
      node.arguments.length === 1 &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, pos: node.getStart(source), typeOnly: false });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ specifier: node.argument.literal.text, pos: node.getStart(source), typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `awardEvents` → `award_events`: a drizzle table object's name as the table's. */
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
/** SQL that writes a table: `insert into`, `update`, `delete from`, then the table, maybe `console.` or `${table}`. */
const SQL_WRITE =
  /\b(?:insert\s+into|update|delete\s+from)\s+(?:"?console"?\.)?(?:\$\{\s*([A-Za-z_$][\w$]*)\s*\}|"?([a-z_]+)"?)/gi;

/**
 * The tables a file writes: drizzle's `.insert(t)`, `.update(t)`, `.delete(t)` of a table object,
 * and SQL in its strings and templates (comments are not read). A name only: enough to say who
 * writes a table (docs/architecture.md, "one-writer-of-the-award-trail").
 */
function writesOf(source: ts.SourceFile): TableWrite[] {
  const found: TableWrite[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ["insert", "update", "delete"].includes(node.expression.name.text) &&
      node.arguments.length === 1 &&
      node.arguments[0] &&
      ts.isIdentifier(node.arguments[0])
    ) {
      found.push({ table: snakeCase(node.arguments[0].text), line: lineOf(node.expression.name) });
    } else if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateExpression(node)
    ) {
      const text = node.getText(source);
      for (const match of text.matchAll(SQL_WRITE)) {
        const table = match[1] ? snakeCase(match[1]) : (match[2] as string).toLowerCase();
        const offset = node.getStart(source) + (match.index ?? 0);
        found.push({ table, line: source.getLineAndCharacterOfPosition(offset).line + 1 });
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The leading string statements of a file: `"use client"`, `"use server"`. */
function directivesOf(source: ts.SourceFile): Set<string> {
  const directives = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isExpressionStatement(statement) || !ts.isStringLiteral(statement.expression)) break;
    directives.add(statement.expression.text);
  }
  return directives;
}

/**
 * The import graph of the project at `root`: the files its tsconfig.json takes in, less those git
 * ignores (`.next`, scratch folders). Imports are resolved with the tsconfig's own options.
 */
export function readImportGraph(root: string): ImportGraph {
  const setup = compilerSetup(root);
  const rel = (file: string) => relative(root, file).split(sep).join("/");
  const candidates = setup.fileNames.map(rel).filter((path) => !path.startsWith("../"));
  const ignored = ignoredByGit(root, candidates);
  const paths = candidates.filter((path) => !ignored.has(path));
  const aliases = Object.keys(setup.options.paths ?? {}).map((key) => key.replace(/\*$/, ""));
  const cache = ts.createModuleResolutionCache(root, (name) => name, setup.options);

  const resolve = (specifier: string, fromFile: string): ImportTarget => {
    const resolved = ts.resolveModuleName(specifier, fromFile, setup.options, ts.sys, cache).resolvedModule;
    const projectSpecifier =
      specifier.startsWith(".") ||
      specifier.startsWith("/") ||
      aliases.some((alias) => specifier.startsWith(alias));
    if (resolved && !resolved.isExternalLibraryImport) {
      const path = rel(resolved.resolvedFileName);
      if (!path.startsWith("../") && !path.split("/").includes("node_modules"))
        return { kind: "module", path };
    }
    if (isBuiltin(specifier)) return { kind: "builtin", name: specifier.replace(/^node:/, "") };
    if (specifier.startsWith(".") && !CODE.test(specifier)) {
      const asset = join(dirname(fromFile), specifier);
      if (existsSync(asset)) return { kind: "asset", path: rel(asset) };
    }
    if (projectSpecifier) return { kind: "unresolved" };
    return { kind: "package", name: packageName(specifier) };
  };

  const graph: ImportGraph = new Map();
  for (const path of paths) {
    const file = join(root, path);
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const directives = directivesOf(source);
    const imports = importsOf(source).map(({ specifier, pos, typeOnly }) => ({
      specifier,
      line: source.getLineAndCharacterOfPosition(pos).line + 1,
      typeOnly,
      target: resolve(specifier, file),
    }));
    graph.set(path, {
      path,
      useClient: directives.has("use client"),
      useServer: directives.has("use server"),
      serverOnly: imports.some((edge) => edge.specifier === "server-only"),
      test: TEST_FILE.test(path),
      imports,
      writes: writesOf(source),
    });
  }
  return graph;
}
