import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkArchitecture, EXCEPTIONS, RULES, type RuleException } from "./architecture";
import { readImportGraph } from "./import-graph";

const ROOT = join(import.meta.dirname, "../..");

const TSCONFIG = JSON.stringify({
  compilerOptions: {
    strict: true,
    module: "esnext",
    moduleResolution: "bundler",
    jsx: "react-jsx",
    noEmit: true,
    paths: { "@/*": ["./*"] },
  },
  include: ["**/*.ts", "**/*.tsx"],
});

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A small project in a temporary folder: a tsconfig with the `@/` alias, and `files`. */
function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "gcc-architecture-"));
  folders.push(root);
  writeFileSync(join(root, "tsconfig.json"), TSCONFIG);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** A project that keeps every rule: each import below is one the rules allow. */
const ALLOWED: Record<string, string> = {
  "lib/model/award-status.ts": 'export const AWARD_STATUSES = ["pending", "failed"] as const;\n',
  "lib/contract/decimal.ts": 'import { z } from "zod";\nexport const Decimal = z.string();\n',
  "lib/db/schema.ts":
    'import type { AWARD_STATUSES } from "../model/award-status";\nexport type Row = typeof AWARD_STATUSES;\n',
  "lib/db/console-db.ts":
    'import type { Row } from "./schema";\nexport const consoleDb = async (): Promise<Row | null> => null;\n',
  "lib/client/call-service.ts":
    'import "server-only";\nimport { Decimal } from "@/lib/contract/decimal";\nexport const call = () => Decimal;\n',
  "lib/awards/trail.ts":
    'import "server-only";\nimport type { Row } from "@/lib/db/schema";\nexport type Trail = Row;\n',
  "lib/actions/awards/send-award.ts":
    '"use server";\nimport "server-only";\nimport type { Trail } from "@/lib/awards/trail";\nexport async function sendAwardAction(): Promise<Trail | null> { return null; }\n',
  "components/awards/award-form.tsx":
    '"use client";\nimport { sendAwardAction } from "@/lib/actions/awards/send-award";\nimport { AWARD_STATUSES } from "@/lib/model/award-status";\nexport const form = [sendAwardAction, AWARD_STATUSES];\n',
  "app/(console)/(pages)/page.tsx":
    'import { form } from "@/components/awards/award-form";\nimport { Trail } from "@/lib/awards/trail";\nexport default form;\nexport type T = Trail;\n',
  // A page's data part reads through a server-only module and hands a server component in
  // components/ its data, whose type is declared in a browser-safe module; the component may
  // also hand on a server action (a reference, not a read).
  "lib/overview/read-overview.ts":
    'import "server-only";\nimport type { Row } from "@/lib/db/schema";\nexport async function readOverview(): Promise<Row | null> { return null; }\n',
  "lib/overview/overview-data.ts": "export interface OverviewData { awarded: string }\n",
  "components/overview/latest-awards.tsx":
    'import type { OverviewData } from "@/lib/overview/overview-data";\nimport { sendAwardAction } from "@/lib/actions/awards/send-award";\nexport const LatestAwards = (props: { data: OverviewData }) => [props.data, sendAwardAction];\n',
  "app/(console)/(pages)/overview-section.tsx":
    'import { LatestAwards } from "@/components/overview/latest-awards";\nimport { readOverview } from "@/lib/overview/read-overview";\nexport const section = [LatestAwards, readOverview];\n',
  "common/database.ts":
    'import { readFileSync } from "node:fs";\nimport pg from "pg";\nexport const open = [readFileSync, pg];\n',
  "service/db/connection.ts": 'import { open } from "@/common/database";\nexport const connect = open;\n',
  "service/domain/keys.ts": 'import { connect } from "../db/connection";\nexport const keys = connect;\n',
  "service/domain/import.ts": 'import { keys } from "./keys";\nexport const importFixture = keys;\n',
  "service/http/app.ts":
    'import Fastify from "fastify";\nimport { Decimal } from "@/lib/contract/decimal";\nimport { keys } from "../domain/keys";\nexport const app = [Fastify, Decimal, keys];\n',
  "testing/throwaway-postgres.ts": 'export const startThrowawayPostgres = () => "postgres://";\n',
  "testing/console-database.ts":
    'import { Row } from "@/lib/db/schema";\nimport { startThrowawayPostgres } from "./throwaway-postgres";\nexport type R = Row;\nexport const db = startThrowawayPostgres;\n',
  "lib/awards/trail.db.test.ts":
    'import { db } from "@/testing/console-database";\nimport { app } from "@/service/http/app";\nexport const t = [db, app];\n',
  // The award trail's one writer writes its tables, through drizzle and in SQL; a reader only
  // selects, and a test sets up the rows it needs.
  "lib/awards/lifecycle/single-award.ts":
    'import "server-only";\nimport type { Row } from "@/lib/db/schema";\nexport const write = (db: any, awards: Row, awardEvents: Row) => [db.update(awards), db.insert(awardEvents), `insert into console.award_events (award_id) values (1)`];\n',
  "lib/overview/trail-figures.ts":
    'import "server-only";\nexport const figures = "select count(*) from console.awards where status = \'queued\'";\n',
  "lib/awards/lifecycle/single-award.db.test.ts":
    "export const setup = \"update console.awards set status = 'failed'\";\n",
  "scripts/with-postgres.ts":
    'import { startThrowawayPostgres } from "@/testing/throwaway-postgres";\nstartThrowawayPostgres();\n',
  "scripts/lib/free-port.ts": "export const x = 0;\n",
  "app/layout.tsx": 'import "./globals.css";\nexport const layout = 1;\n',
  "app/globals.css": "body {}\n",
};

/** The rules a tree breaks: the project's own with its exceptions, a test's without. */
const broken = (root: string) =>
  checkArchitecture(readImportGraph(root), RULES, root === ROOT ? EXCEPTIONS : []).filter(
    (result) => result.violations.length > 0,
  );

describe("the architecture check (docs/architecture.md)", () => {
  it("passes the project's own tree: every rule holds", () => {
    const failures = broken(ROOT).flatMap(({ violations }) =>
      violations.map((found) => `${found.rule}: ${found.path}:${found.line} ${found.detail}`),
    );
    expect(failures).toEqual([]);
  });

  it("passes a project whose every import is allowed", () => {
    expect(broken(project(ALLOWED)).map((result) => result.rule.name)).toEqual([]);
  });

  // Each forbidden import alone breaks its rule (and only the rules `also` names), named with the importing line.
  it.each([
    {
      rule: "service-layers-point-down",
      path: "service/db/import.ts",
      text: 'import { keys } from "../domain/keys";\nexport const importFixture = keys;\n',
      names: '"../domain/keys" (service/domain/keys.ts)',
      // The domain imports storage, so storage importing the domain closes a cycle too.
      also: ["no-folder-cycles"],
    },
    {
      rule: "components-never-import-database",
      path: "components/awards/award-status-badge.tsx",
      text: 'import type { Row } from "@/lib/db/schema";\nexport type Status = Row;\n',
      names: 'imports types from "@/lib/db/schema" (lib/db/schema.ts)',
    },
    {
      // A page that opens the console's database itself: its read belongs to the feature in lib/.
      rule: "app-never-imports-database",
      path: "app/(console)/(pages)/awards/page.tsx",
      text: 'import { consoleDb } from "@/lib/db/console-db";\nexport default async function Page() { return consoleDb(); }\n',
      names: '"@/lib/db/console-db"',
    },
    {
      // A data-reading server component in components/ (no "use client"): the read belongs to app/.
      rule: "components-never-read-data",
      path: "components/overview/overview.tsx",
      text: 'import { readOverview } from "@/lib/overview/read-overview";\nexport const Overview = async () => readOverview();\n',
      names: '"@/lib/overview/read-overview" (lib/overview/read-overview.ts)',
    },
    {
      rule: "browser-never-imports-server",
      path: "components/ui/service-failure.tsx",
      text: '"use client";\nimport type { Trail } from "@/lib/awards/trail";\nexport type Failure = Trail;\n',
      names: 'imports types from "@/lib/awards/trail" (lib/awards/trail.ts)',
    },
    {
      rule: "product-never-imports-tooling",
      path: "lib/db/test-database.ts",
      text: 'import { startThrowawayPostgres } from "@/testing/throwaway-postgres";\nexport const db = startThrowawayPostgres;\n',
      names: '"@/testing/throwaway-postgres" (testing/throwaway-postgres.ts)',
    },
    {
      rule: "tests-never-import-scripts",
      path: "lib/client/client.test.ts",
      text: 'import { x } from "@/scripts/lib/free-port";\nexport const y = x;\n',
      names: '"@/scripts/lib/free-port"',
    },
    {
      rule: "console-never-imports-service",
      path: "lib/awards/fund.ts",
      text: 'import { keys } from "@/service/domain/keys";\nexport const fund = keys;\n',
      names: '"@/service/domain/keys" (service/domain/keys.ts)',
    },
    {
      rule: "service-imports-only-contract-from-console",
      path: "service/http/routes.ts",
      text: 'import type { Row } from "@/lib/db/schema";\nexport type R = Row;\n',
      names: '"@/lib/db/schema" (lib/db/schema.ts)',
    },
    {
      rule: "contract-imports-only-zod",
      path: "lib/contract/number.ts",
      text: 'import { parse } from "lossless-json";\nexport const n = parse;\n',
      names: '"lossless-json" (package lossless-json)',
    },
    {
      rule: "model-imports-nothing",
      path: "lib/model/roles.ts",
      text: 'import { z } from "zod";\nexport const ROLES = z.enum(["owner"]);\n',
      names: '"zod" (package zod)',
    },
    {
      rule: "domain-is-framework-free",
      path: "service/domain/awards.ts",
      text: 'import type { FastifyRequest } from "fastify";\nexport type R = FastifyRequest;\n',
      names: '"fastify" (package fastify)',
    },
    {
      rule: "imports-resolve",
      path: "lib/awards/gone.ts",
      text: 'import { x } from "./not-there";\nexport const y = x;\n',
      names: '"./not-there" (nothing (unresolved))',
    },
  ])("a forbidden import breaks $rule, naming the import", ({ rule, path, text, names, also = [] }) => {
    const results = broken(project({ ...ALLOWED, [path]: text }));
    expect(results.map((result) => result.rule.name).sort()).toEqual([rule, ...also].sort());
    const found = results.find((result) => result.rule.name === rule)?.violations;
    const line = text.split("\n").findIndex((source) => source.startsWith("import")) + 1;
    expect(found).toEqual([expect.objectContaining({ rule, path, line })]);
    expect(found?.[0]?.detail).toContain(names);
  });

  it.each([
    {
      how: "SQL in a template",
      path: "lib/bulk/sender.ts",
      text: "import { sql } from \"drizzle-orm\";\nexport const claim = sql`\n  update console.awards set status = 'sending'`;\n",
      line: 3,
      table: "awards",
    },
    {
      how: "drizzle's insert of the table object",
      path: "lib/approvals/approvals.ts",
      text: 'import type { Row } from "@/lib/db/schema";\nexport const stop = (tx: any, awardEvents: Row) =>\n  tx.insert(awardEvents).values({});\n',
      line: 3,
      table: "award_events",
    },
    {
      how: "SQL naming the table object",
      path: "lib/awards/settle-queued.ts",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the probe file's source holds a template
      text: 'import { sql } from "drizzle-orm";\nconst awards = "t";\nexport const settle = sql`delete from ${awards} where id = 1`;\n',
      line: 3,
      table: "awards",
    },
  ])(
    "a second writer of the award trail ($how) breaks one-writer-of-the-award-trail, naming the line",
    ({ path, text, line, table }) => {
      const results = broken(project({ ...ALLOWED, [path]: text }));
      expect(results.map((result) => result.rule.name)).toEqual(["one-writer-of-the-award-trail"]);
      expect(results[0]?.violations).toEqual([
        expect.objectContaining({
          path,
          line,
          detail: `writes ${table}: change the award through lib/awards/lifecycle/`,
        }),
      ]);
    },
  );

  it("finds a server component in components/ that reads through a module that is not server-only", () => {
    const root = project({
      ...ALLOWED,
      "lib/overview/figures.ts":
        'import { readOverview } from "./read-overview";\nexport const figures = readOverview;\n',
      "components/overview/overview.tsx":
        'import { figures } from "@/lib/overview/figures";\nexport const Overview = async () => figures();\n',
    });
    const [only, ...others] = broken(root);
    expect(others.map((result) => result.rule.name)).toEqual([]);
    expect(only?.rule.name).toBe("components-never-read-data");
    expect(only?.violations).toEqual([
      expect.objectContaining({ path: "components/overview/overview.tsx", line: 1 }),
    ]);
    expect(only?.violations[0]?.detail).toContain(
      "reaches server code through lib/overview/figures.ts → lib/overview/read-overview.ts",
    );
  });

  it("finds a folder cycle through type-only imports and names each step", () => {
    const root = project({
      ...ALLOWED,
      "lib/jobs/lease.ts":
        'import type { Running } from "@/lib/bulk/running";\nexport type Lease = Running;\n',
      "lib/bulk/running.ts":
        'import type { Settle } from "@/lib/awards/settle";\nexport type Running = Settle;\n',
      "lib/awards/settle.ts":
        'import type { Lease } from "../jobs/lease";\nexport type Settle = Lease | null;\n',
    });
    const [only, ...others] = broken(root);
    expect(others.map((result) => result.rule.name)).toEqual([]);
    expect(only?.rule.name).toBe("no-folder-cycles");
    expect(only?.violations).toHaveLength(1);
    expect(only?.violations[0]?.detail).toMatch(/^folder cycle: /);
    for (const step of ["lib/awards → lib/jobs", "lib/jobs → lib/bulk", "lib/bulk → lib/awards"])
      expect(only?.violations[0]?.detail).toContain(step);
  });

  it("lets an exception through, and fails once the exception is not needed", () => {
    const root = project({
      ...ALLOWED,
      "components/settings/users-table.tsx":
        '"use client";\nimport type { Trail } from "@/lib/awards/trail";\nexport type U = Trail;\n',
    });
    const exception: RuleException = {
      rule: "browser-never-imports-server",
      from: "components/settings/users-table.tsx",
      to: "lib/awards/trail.ts",
      reason: "a test",
    };
    const graph = readImportGraph(root);
    expect(checkArchitecture(graph, RULES, [exception]).filter((r) => r.violations.length > 0)).toEqual([]);

    const stale = checkArchitecture(readImportGraph(project(ALLOWED)), RULES, [exception]);
    const [only, ...others] = stale.filter((result) => result.violations.length > 0);
    expect(others).toEqual([]);
    expect(only?.violations[0]?.detail).toContain("no longer needed");
  });

  it("fails `npm run lint:architecture` on a forbidden import, counting each rule and naming the broken ones for npm test's summary", () => {
    // Storage reaching up into the domain: the layers rule and the folder cycle it closes.
    const root = project({
      ...ALLOWED,
      "service/db/import.ts": 'import { keys } from "../domain/keys";\nexport const importFixture = keys;\n',
    });
    const counts = join(root, "counts.json");
    const run = spawnSync("npm", ["run", "--silent", "lint:architecture", "--", root], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, TEST_COUNTS_FILE: counts },
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("✗ service-layers-point-down");
    expect(run.stdout).toContain('service/db/import.ts:1 imports "../domain/keys" (service/domain/keys.ts)');
    expect(run.stdout).toContain("✗ no-folder-cycles");
    expect(run.stdout).toContain("folder cycle: service/db → service/domain (service/db/import.ts:1)");
    const passed = RULES.length - 2;
    expect(run.stdout).toContain(`architecture: ${passed} passed, 2 failed, 0 skipped`);
    expect(JSON.parse(readFileSync(counts, "utf8"))).toEqual({
      passed,
      failed: 2,
      skipped: 0,
      failures: [
        'service-layers-point-down: service/db/import.ts:1 imports "../domain/keys" (service/domain/keys.ts)',
        expect.stringMatching(
          /^no-folder-cycles: service\/db\/import\.ts:1 folder cycle: service\/db → service\/domain/,
        ),
      ],
    });
  });

  it("has every rule written down in docs/architecture.md", () => {
    const doc = readFileSync(join(ROOT, "docs/architecture.md"), "utf8");
    for (const rule of RULES) expect(doc, rule.name).toContain(`\`${rule.name}\``);
  });
});
