import { posix } from "node:path";
import {
  type ImportEdge,
  type ImportGraph,
  type ImportTarget,
  type ModuleInfo,
  TEST_FILE,
} from "./import-graph";

/**
 * The import rules of docs/architecture.md, checked over the project's import graph. Each rule
 * has the name the document gives it; a broken rule is reported with that name, the importing
 * file and line, and what it imported. Type-only imports count: a type import is one edit away
 * from a value import, and it already ties the importer to the module it names.
 */

export interface Violation {
  rule: string;
  /** The importing module. */
  path: string;
  line: number;
  /** The imported module, when it is one of the project's. */
  target?: string;
  detail: string;
}

export interface Rule {
  name: string;
  /** What the rule forbids and why, in one sentence (printed with each violation). */
  why: string;
  /**
   * The rule's violations. A rule over single imports leaves its exceptions to checkArchitecture;
   * one that takes them itself (`ownExceptions`) also reports those nothing needs any more.
   */
  check(graph: ImportGraph, exceptions: readonly RuleException[]): Violation[];
  ownExceptions?: boolean;
}

/**
 * A known break of a rule, allowed until its reason is gone; an exception nothing needs fails the
 * check. For an import rule, `from` and `to` are the modules; for no-folder-cycles, the folders.
 */
export interface RuleException {
  rule: string;
  from: string;
  to: string;
  reason: string;
}

const inside =
  (...folders: string[]) =>
  (path: string) =>
    folders.some((folder) => path === folder || path.startsWith(`${folder}/`));

const moduleOf = (target: ImportTarget) => (target.kind === "module" ? target.path : null);
const targetIn = (test: (path: string) => boolean) => (target: ImportTarget) => {
  const path = moduleOf(target);
  return path !== null && test(path);
};

export function describeTarget(target: ImportTarget): string {
  switch (target.kind) {
    case "module":
      return target.path;
    case "asset":
      return `file ${target.path}`;
    case "package":
      return `package ${target.name}`;
    case "builtin":
      return `node:${target.name}`;
    case "unresolved":
      return "nothing (unresolved)";
  }
}

/** A rule over single imports: modules `from` selects may not import what `forbids` says. */
function importRule(
  name: string,
  why: string,
  from: (module: ModuleInfo) => boolean,
  forbids: (target: ImportTarget, module: ModuleInfo) => boolean,
): Rule {
  return {
    name,
    why,
    check(graph) {
      const found: Violation[] = [];
      for (const module of graph.values()) {
        if (!from(module)) continue;
        for (const edge of module.imports) {
          if (forbids(edge.target, module)) found.push(violation(name, module, edge));
        }
      }
      return found;
    },
  };
}

function violation(rule: string, module: ModuleInfo, edge: ImportEdge, note = ""): Violation {
  const kind = edge.typeOnly ? "imports types from" : "imports";
  return {
    rule,
    path: module.path,
    line: edge.line,
    target: moduleOf(edge.target) ?? undefined,
    detail: `${kind} "${edge.specifier}" (${describeTarget(edge.target)})${note}`,
  };
}

// The parts of the project (docs/architecture.md, "The parts").
const SERVICE = inside("service");
const CONSOLE = inside("app", "components", "lib", "proxy.ts", "instrumentation.ts", "next.config.ts");
const PRODUCT = (path: string) => CONSOLE(path) || SERVICE(path) || inside("common")(path);
const TOOLING = inside("scripts", "e2e", "testing");
const DATABASE = inside("lib/db");

/** Where a service module sits: a module may import its own layer and those below, never above. */
const SERVICE_LAYERS = [
  "service/db",
  "service/domain",
  "service/cache",
  "service/log",
  "service/http",
  "service/server.ts",
  "service/cli",
];
/** A service module's layer, lowest first; undefined outside the layers (service/env.ts: configuration, read by all). */
const layerOf = (path: string) => {
  const rank = SERVICE_LAYERS.findIndex((layer) => inside(layer)(path));
  return rank < 0 ? undefined : rank;
};

/** Server code the browser must not reach: a `server-only` module that is not a server action, or the database. */
const isServerModule = (module: ModuleInfo) =>
  (module.serverOnly && !module.useServer) || DATABASE(module.path);

/**
 * The browser's modules: every `"use client"` module and whatever it imports, types included,
 * except server actions (their import is a reference the framework turns into a request). Each
 * with the module it was reached from, to say why it is browser code.
 */
export function browserModules(graph: ImportGraph): Map<string, string | null> {
  const reached = new Map<string, string | null>();
  const queue: [string, string | null][] = [...graph.values()]
    .filter((module) => module.useClient && !module.test)
    .map((module) => [module.path, null]);
  while (queue.length > 0) {
    const [path, parent] = queue.shift() as [string, string | null];
    const module = graph.get(path);
    if (!module || reached.has(path) || module.useServer || isServerModule(module)) continue;
    reached.set(path, parent);
    for (const edge of module.imports) {
      const target = moduleOf(edge.target);
      if (target && !reached.has(target)) queue.push([target, path]);
    }
  }
  return reached;
}

const browserRule: Rule = {
  name: "browser-never-imports-server",
  why: "Browser code (a 'use client' module and all it imports) never imports a server-only module other than a server action, nor lib/db, not even a type: what the browser is handed is defined in browser-safe modules.",
  check(graph) {
    const found: Violation[] = [];
    for (const [path, parent] of browserModules(graph)) {
      const module = graph.get(path) as ModuleInfo;
      for (const edge of module.imports) {
        const target = graph.get(moduleOf(edge.target) ?? "");
        if (target && isServerModule(target)) {
          const note = parent ? `; in the browser through ${parent}` : "";
          found.push(violation(browserRule.name, module, edge, note));
        }
      }
    }
    return found;
  },
};

/**
 * The server code `path` is or reaches through modules that run on the server (neither a client
 * module, whose imports browserRule checks, nor a server action, a reference): the chain from
 * `path` to the first server module found, or null when there is none.
 */
function serverCodeReached(graph: ImportGraph, path: string): string[] | null {
  const previous = new Map<string, string | null>([[path, null]]);
  const queue = [path];
  while (queue.length > 0) {
    const current = queue.shift() as string;
    const module = graph.get(current);
    if (!module || module.useClient || module.useServer) continue;
    if (isServerModule(module)) {
      const chain = [current];
      for (let step = previous.get(current); step; step = previous.get(step)) chain.unshift(step);
      return chain;
    }
    for (const edge of module.imports) {
      const target = moduleOf(edge.target);
      if (target && !previous.has(target)) {
        previous.set(target, current);
        queue.push(target);
      }
    }
  }
  return null;
}

const componentsReadRule: Rule = {
  name: "components-never-read-data",
  why: "A module of components/ that is not a 'use client' module (a server component) never imports server code (a server-only module other than a server action, or lib/db), directly or through any chain, not even a type: the app/ layer reads and hands components their data as props.",
  check(graph) {
    const found: Violation[] = [];
    for (const module of graph.values()) {
      if (module.test || module.useClient || !inside("components")(module.path)) continue;
      for (const edge of module.imports) {
        const target = moduleOf(edge.target);
        // Importing lib/db itself is components-never-import-database's; reaching it through lib/ is this rule's.
        if (target === null || DATABASE(target)) continue;
        const chain = serverCodeReached(graph, target);
        if (!chain) continue;
        const note = chain.length > 1 ? `; reaches server code through ${chain.join(" → ")}` : "";
        found.push(violation(componentsReadRule.name, module, edge, note));
      }
    }
    return found;
  },
};

/**
 * The part of the project a module belongs to, for the cycle rule: its top folder and the one
 * below (`service/db`, `lib/auth`, `app/(console)`); a file directly in a top folder, or at the
 * root, is a part of its own (`lib/env.ts`, `service/server.ts`, `proxy.ts`).
 */
export function partOf(path: string): string {
  const segments = path.split("/");
  return segments.length > 2 ? segments.slice(0, 2).join("/") : path;
}

/** The shortest cycle from `start` back to it in `edges` (start's component has one). */
function shortestCycle(start: string, edges: Map<string, Map<string, ImportEvidence>>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const part = queue.shift() as string;
    for (const next of edges.get(part)?.keys() ?? []) {
      if (next === start) {
        const cycle = [part];
        while (cycle[0] !== start) cycle.unshift(previous.get(cycle[0] as string) as string);
        return cycle;
      }
      if (!previous.has(next)) {
        previous.set(next, part);
        queue.push(next);
      }
    }
  }
  return [start];
}

interface ImportEvidence {
  module: ModuleInfo;
  edge: ImportEdge;
}

/** The import that makes the folder edge `from` → `to`. */
function evidenceOf(
  edges: Map<string, Map<string, ImportEvidence>>,
  from: string,
  to: string,
): ImportEvidence {
  const evidence = edges.get(from)?.get(to);
  if (!evidence) throw new Error(`no import from ${from} to ${to}`);
  return evidence;
}

/** Tarjan's strongly connected components of the part graph: each with more than one part is a cycle. */
function components(parts: string[], edges: Map<string, Map<string, ImportEvidence>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (part: string) => {
    index.set(part, next);
    low.set(part, next);
    next += 1;
    stack.push(part);
    onStack.add(part);
    for (const to of edges.get(part)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(part, Math.min(low.get(part) as number, low.get(to) as number));
      } else if (onStack.has(to)) {
        low.set(part, Math.min(low.get(part) as number, index.get(to) as number));
      }
    }
    if (low.get(part) === index.get(part)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== part);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const part of parts) if (!index.has(part)) visit(part);
  return found;
}

/** The folder graph of the non-test modules, with one import that makes each folder edge. */
function folderEdges(graph: ImportGraph): Map<string, Map<string, ImportEvidence>> {
  const edges = new Map<string, Map<string, ImportEvidence>>();
  for (const module of graph.values()) {
    if (module.test) continue;
    for (const edge of module.imports) {
      const target = moduleOf(edge.target);
      if (!target || graph.get(target)?.test) continue;
      const [from, to] = [partOf(module.path), partOf(target)];
      // Files side by side in one folder are one part, whatever their names.
      if (from === to || posix.dirname(module.path) === posix.dirname(target)) continue;
      const out = edges.get(from) ?? new Map<string, ImportEvidence>();
      if (!out.has(to)) out.set(to, { module, edge });
      edges.set(from, out);
    }
  }
  return edges;
}

const cycleRule: Rule = {
  name: "no-folder-cycles",
  why: "Folders depend one way: no folder (service/db, lib/auth, …) imports, through any chain, a folder that imports it back. Tests are left out: nothing imports a test.",
  ownExceptions: true,
  check(graph, exceptions) {
    const edges = folderEdges(graph);
    const onCycle = new Map(components([...edges.keys()].sort(), edges).flatMap((c) => c.map((p) => [p, c])));
    const found: Violation[] = [];
    // An excepted folder edge is left out of the graph; it must still close a cycle, or it goes.
    for (const exception of exceptions.filter((e) => e.rule === cycleRule.name)) {
      const evidence = edges.get(exception.from)?.get(exception.to);
      if (
        evidence &&
        onCycle.get(exception.from) === onCycle.get(exception.to) &&
        onCycle.has(exception.to)
      ) {
        edges.get(exception.from)?.delete(exception.to);
      } else {
        found.push({
          rule: cycleRule.name,
          path: exception.from,
          line: 0,
          detail: `the exception for ${exception.from} → ${exception.to} is no longer needed (no cycle runs through it): remove it (scripts/lib/architecture.ts)`,
        });
      }
    }
    for (const component of components([...edges.keys()].sort(), edges)) {
      const cycle = shortestCycle(component[0] as string, edges);
      const steps = cycle.map((part, i) => [part, cycle[(i + 1) % cycle.length] as string] as const);
      const first = evidenceOf(edges, ...(steps[0] as readonly [string, string]));
      const named = steps.map(([from, to]) => {
        const { module, edge } = evidenceOf(edges, from, to);
        return `${from} → ${to} (${module.path}:${edge.line})`;
      });
      const rest = component.length > cycle.length ? `; the cycle's folders: ${component.join(", ")}` : "";
      found.push({
        rule: cycleRule.name,
        path: first.module.path,
        line: first.edge.line,
        detail: `folder cycle: ${named.join(", ")}${rest}`,
      });
    }
    return found;
  },
};

/** The award trail's tables and their one writer (docs/architecture.md, "one-writer-of-the-award-trail"). */
const AWARD_TRAIL_TABLES = ["awards", "award_events", "reversals", "batch_reversals"];
const AWARD_TRAIL_WRITER = inside("lib/awards/lifecycle");

const awardTrailRule: Rule = {
  name: "one-writer-of-the-award-trail",
  why: "Only lib/awards/lifecycle/ writes console.awards, console.award_events and the reversals of awards (drizzle's insert/update/delete or SQL): every change of an award is checked there against lib/model/award-transitions.ts and written with its timeline line; anything else calls it. Tests set up rows as they need.",
  check(graph) {
    const found: Violation[] = [];
    for (const module of graph.values()) {
      if (module.test || AWARD_TRAIL_WRITER(module.path)) continue;
      for (const write of module.writes) {
        if (!AWARD_TRAIL_TABLES.includes(write.table)) continue;
        found.push({
          rule: awardTrailRule.name,
          path: module.path,
          line: write.line,
          detail: `writes ${write.table}: change the award through lib/awards/lifecycle/`,
        });
      }
    }
    return found;
  },
};

const notTest = (test: (path: string) => boolean) => (module: ModuleInfo) =>
  !module.test && test(module.path);
const packageNotIn =
  (...names: string[]) =>
  (target: ImportTarget) =>
    target.kind === "builtin" || (target.kind === "package" && !names.includes(target.name));

/** The rules, in the order of docs/architecture.md. */
export const RULES: Rule[] = [
  importRule(
    "console-never-imports-service",
    "The console (app, components, lib, e2e) never imports service/: it reaches service data only over HTTP, so the path any service is called by is the one always exercised.",
    notTest((path) => CONSOLE(path) || inside("e2e")(path)),
    targetIn(SERVICE),
  ),
  importRule(
    "service-imports-only-contract-from-console",
    "The service imports nothing of the console but lib/contract: it deploys and runs on its own.",
    notTest(SERVICE),
    targetIn((path) => CONSOLE(path) && !inside("lib/contract")(path)),
  ),
  importRule(
    "contract-imports-only-zod",
    "lib/contract imports nothing but zod: both programs and the browser depend on it.",
    notTest(inside("lib/contract")),
    (target) => packageNotIn("zod")(target) || targetIn((path) => !inside("lib/contract")(path))(target),
  ),
  importRule(
    "model-imports-nothing",
    "lib/model (roles, award statuses, connection environments) imports nothing: the browser, the console's database schema and drizzle-kit all load it.",
    notTest(inside("lib/model")),
    (target) => target.kind !== "module" || !inside("lib/model")(target.path),
  ),
  importRule(
    "common-imports-only-node-and-drivers",
    "common/ is infrastructure both programs share: Node's built-ins and the database drivers only, nothing of either program.",
    notTest(inside("common")),
    (target) =>
      (target.kind === "package" && !["pg", "@electric-sql/pglite", "drizzle-orm"].includes(target.name)) ||
      targetIn((path) => !inside("common")(path))(target),
  ),
  importRule(
    "client-imports-only-contract",
    "lib/client, the one client of the service, imports of the project only lib/contract, lib/model's plain values and common/outbound-addresses (the address rules the service's webhook sender applies too): it knows no session, page or database, only a connection it is handed.",
    notTest(inside("lib/client")),
    targetIn(
      (path) =>
        !inside("lib/client", "lib/contract", "lib/model")(path) && path !== "common/outbound-addresses.ts",
    ),
  ),
  importRule(
    "lib-never-imports-ui",
    "lib/ never imports app/ or components/: the console's logic does not depend on how it is shown.",
    notTest(inside("lib")),
    targetIn(inside("app", "components")),
  ),
  importRule(
    "components-never-import-pages",
    "components/ never imports app/: pages compose components, not the other way round.",
    notTest(inside("components")),
    targetIn(inside("app")),
  ),
  importRule(
    "components-never-import-database",
    "components/ never imports lib/db, not even a type: rows and their types stay with the code that reads them; shared words live in lib/model.",
    notTest(inside("components")),
    targetIn(DATABASE),
  ),
  componentsReadRule,
  browserRule,
  importRule(
    "app-never-imports-database",
    "app/ never imports lib/db, not even a type: a page, layout or route handler asks a feature's read or use case (lib/<feature>/page-reads.ts and the like), which opens the console's database itself; statements and rows stay with the feature that owns them.",
    notTest(inside("app")),
    targetIn(DATABASE),
  ),
  importRule(
    "service-layers-point-down",
    "In the service, cli → server.ts → http → cache → domain → db: a module imports its own layer and those below, never one above (storage never reaches up into the domain).",
    notTest(SERVICE),
    (target, module) => {
      const path = moduleOf(target);
      const [from, to] = [layerOf(module.path), path === null ? undefined : layerOf(path)];
      return from !== undefined && to !== undefined && to > from;
    },
  ),
  importRule(
    "domain-is-framework-free",
    "service/domain and service/db never import Fastify: the rules are plain functions over a database handle, callable from the CLI, tests and benchmarks.",
    notTest(inside("service/domain", "service/db")),
    (target) =>
      target.kind === "package" && (target.name === "fastify" || target.name.startsWith("@fastify/")),
  ),
  importRule(
    "product-never-imports-tooling",
    "Product code (app, components, lib, service, common) never imports scripts/, e2e/, testing/ or a test: what ships does not lean on what checks it.",
    notTest(PRODUCT),
    targetIn((path) => TOOLING(path) || TEST_FILE.test(path)),
  ),
  importRule(
    "tests-never-import-scripts",
    "Tests and test support (testing/) take their helpers from testing/, never from scripts/ or e2e/ (except the scripts' own tests, which test them).",
    (module) => inside("testing")(module.path) || (module.test && !inside("scripts", "e2e")(module.path)),
    targetIn(inside("scripts", "e2e")),
  ),
  cycleRule,
  awardTrailRule,
  importRule(
    "imports-resolve",
    "Every import of the project's own modules names a file that exists: a path the checker cannot follow is a boundary it cannot check.",
    () => true,
    (target) => target.kind === "unresolved",
  ),
];

export interface RuleResult {
  rule: Rule;
  violations: Violation[];
}

/**
 * Every rule over the graph, less the violations an exception allows; an exception that allows
 * nothing any more is reported under its rule, so the list shrinks as debts are paid.
 */
export function checkArchitecture(
  graph: ImportGraph,
  rules: readonly Rule[] = RULES,
  exceptions: readonly RuleException[] = EXCEPTIONS,
): RuleResult[] {
  return rules.map((rule) => {
    const own = exceptions.filter((exception) => exception.rule === rule.name);
    if (rule.ownExceptions) return { rule, violations: rule.check(graph, own) };
    const used = new Set<RuleException>();
    const violations = rule.check(graph, own).filter((found) => {
      const allowed = own.find((exception) => exception.from === found.path && exception.to === found.target);
      if (allowed) used.add(allowed);
      return !allowed;
    });
    for (const exception of own.filter((exception) => !used.has(exception)))
      violations.push({
        rule: rule.name,
        path: exception.from,
        line: 0,
        detail: `the exception for its import of ${exception.to} is no longer needed: remove it (scripts/lib/architecture.ts)`,
      });
    return { rule, violations };
  });
}

/** Known breaks, each with why it stays for now (docs/architecture.md, "Exceptions"). */
export const EXCEPTIONS: RuleException[] = [];
