import { spawn } from "node:child_process";
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { lockFolder } from "@/common/folder-lock";
import type { AwardTokensRequest } from "@/lib/contract/awards";
import { tsxArgumentsOf } from "@/testing/npm-script-command";
import { testFolders } from "@/testing/temp-folders";
import { startsOf, TEST_LIMITS } from "@/testing/test-limits";
import { WITHOUT_DATABASE_CODE } from "@/testing/without-database-code";
import { openDatabase, type ServiceDb } from "../db/connection";
import { DEMO_API_KEY, DEMO_PROJECT_GUID, demoFixture } from "../db/demo-fixture";
import type { FixtureInput } from "../db/fixture";
import { awardTokens } from "../domain/awards";
import { authorize } from "../domain/keys";
import { rows } from "../domain/sql-rows";

/**
 * The real tools as child processes, started as their npm scripts start them (`tsx`, the script's
 * flags, `service/cli/<tool>.ts`), on PGlite folders in a temp directory; the database is
 * inspected from here afterwards. Each tool run costs a second or two and a new PGlite folder
 * several, so one folder is migrated and seeded with the demo project once, and the later tests
 * each work on a copy of it, concurrently.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const TSX = join(ROOT, "node_modules", ".bin", "tsx");
const temp = testFolders("service-cli").root;
const seeded = join(temp, "seeded");
/**
 * Tool runs take seconds each, far more on a busy machine; `run` gives each the limit for
 * starting a program, and a test as many as it runs one after another (at most five tool runs
 * and one look at the database, in the keys test).
 */
const SLOW = { timeout: startsOf(6) };

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The tools, and `main`: the service itself (`npm run service`). */
type Tool = "migrate" | "seed" | "keys" | "main";

function run(tool: Tool, args: string[], folder: string, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [...tsxArgumentsOf(`service/cli/${tool}.ts`), ...args], {
      cwd: ROOT,
      env: { ...process.env, SERVICE_PGLITE_DIR: folder, SERVICE_DATABASE_URL: "", INIT_CWD: ROOT, ...env },
    });
    let stdout = "";
    let stderr = "";
    // A tool that hangs fails its test with its own name and output, not a bare test timeout.
    const limit = setTimeout(() => {
      child.kill("SIGTERM"); // tsx passes it on to the tool (SIGKILL would orphan the tool)
      reject(
        new Error(
          `${tool} ${args.join(" ")} did not finish within ${TEST_LIMITS.startMs / 1000} s:\n${stdout}${stderr}`,
        ),
      );
    }, TEST_LIMITS.startMs);
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(limit);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Exit 1 or 2 with exactly one line on stderr (no stack) and nothing on stdout. */
function expectOneLineError(result: Run, code: 1 | 2, text: string | RegExp): void {
  expect({ code: result.code, stdout: result.stdout }).toEqual({ code, stdout: "" });
  expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(result.stderr).toMatch(text);
}

/** Opens a PGlite folder in this process (the tool must have exited, releasing the lock). */
async function inspect<T>(folder: string, use: (db: ServiceDb) => Promise<T>): Promise<T> {
  const database = await openDatabase({ driver: "pglite", folder });
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

/** A private copy of the migrated, demo-seeded folder (no tool may hold it while it is copied). */
function copyOfSeeded(name: string): string {
  const folder = join(temp, name);
  cpSync(seeded, folder, { recursive: true });
  return folder;
}

async function count(db: ServiceDb, table: string, projectGuid: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.raw(`service.${table}`)} t
         join service.projects p on p.id = t.project_id where p.guid = ${projectGuid}::uuid`,
  );
  return row?.n ?? 0;
}

async function projectNames(db: ServiceDb, guid: string): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`select name from service.projects where guid = ${guid}::uuid`,
  );
  return found.map((p) => p.name);
}

const fixtureFile = (name: string, data: unknown) => {
  const path = join(temp, name);
  writeFileSync(path, typeof data === "string" ? data : JSON.stringify(data, null, 2));
  return path;
};

const TOKEN = "11111111-1111-4111-8111-111111111111";
const CONTRACT = "22222222-2222-4222-8222-222222222222";

/** A small valid project: one token on the DB chain, `products` products, one player with an allowance. */
function smallFixture(guid: string, name: string, products = 1): FixtureInput {
  return {
    project: { guid, name, apiKeys: [] },
    chains: [{ name: "DB", symbol: "DB", addressFormat: null }],
    tokens: [{ guid: TOKEN, symbol: "GEM", name: "Gem", contracts: [{ guid: CONTRACT, chain: "DB" }] }],
    products: Array.from({ length: products }, (_, i) => ({
      guid: `33333333-3333-4333-8333-${String(i).padStart(12, "0")}`,
      type: 2,
      isUnlimited: true,
      languages: { en: [{ type: "Title", value: `Product ${i}` }] },
    })),
    projectWallet: [{ token: TOKEN, contract: CONTRACT, amount: "100" }],
    customers: [
      {
        id: "player-1",
        holdings: [{ token: TOKEN, contract: CONTRACT, amount: "5", isAllowance: true, isMintable: true }],
      },
    ],
  };
}

// In this order, even when vitest shuffles tests (sequence.shuffle): the last test "before any
// data" migrates and seeds the folder that every test "on a copy" starts from.
describe("the service's tools", { shuffle: false }, () => {
  describe("before any data", SLOW, () => {
    const untouched = join(temp, "untouched");
    const cases: { tool: Tool; args: string[]; error: string }[] = [
      { tool: "seed", args: ["--bogus"], error: "Unknown option --bogus." },
      // The service takes its settings from the environment only: an argument would be ignored.
      { tool: "main", args: ["--port", "4000"], error: "Unknown option --port." },
      { tool: "main", args: ["start"], error: "Unexpected argument 'start'." },
      {
        tool: "seed",
        args: ["--scale", "abc"],
        error: '--scale must be a whole number of customers from 1 to 1,000,000 (got "abc").',
      },
      {
        tool: "seed",
        args: ["--scale", "1000001"],
        error: '--scale must be a whole number of customers from 1 to 1,000,000 (got "1000001").',
      },
      { tool: "seed", args: [], error: "Name what to import: a fixture FILE.json, --demo or --scale N." },
      {
        tool: "seed",
        args: ["--demo", "x.json"],
        error: "Choose one of FILE.json, --demo and --scale (got x.json and --demo).",
      },
      { tool: "migrate", args: ["now"], error: "Unexpected argument 'now'." },
      {
        tool: "keys",
        args: ["delete", "--project", DEMO_PROJECT_GUID],
        error: 'Unknown command "delete": use create, list, roll or revoke.',
      },
      {
        tool: "keys",
        args: ["list", "--project", "demo"],
        error: '--project must be a project GUID (8-4-4-4-12 hexadecimal digits), got "demo".',
      },
      {
        tool: "keys",
        args: ["revoke", "--project", DEMO_PROJECT_GUID],
        error: "revoke needs --key ID_OR_PREFIX (see list).",
      },
      {
        tool: "keys",
        args: ["list", "--project", DEMO_PROJECT_GUID, "--label", "x"],
        error: "--label does not apply to list.",
      },
      {
        tool: "keys",
        args: ["create", "--project", DEMO_PROJECT_GUID, "--scopes", "read,mint"],
        error: '--scopes: "mint" is not a scope; use some of read, award, fund, keys, reverse.',
      },
    ];
    const script = { migrate: "db:migrate", seed: "db:seed", keys: "keys", main: "service" };

    it.concurrent("a wrong command line exits 2 with one line naming the argument and rule, loading no database code", async () => {
      const results = await Promise.all(
        cases.map((c) => run(c.tool, c.args, untouched, WITHOUT_DATABASE_CODE)),
      );
      results.forEach((result, i) => {
        const { tool, error } = cases[i] as (typeof cases)[number];
        expectOneLineError(result, 2, `${error} See: npm run ${script[tool]} -- --help\n`);
      });
      expect(existsSync(untouched)).toBe(false);
    });

    it.concurrent("--help prints the usage and exits 0, loading no database code", async () => {
      const results = await Promise.all(
        (["migrate", "seed", "keys", "main"] as const).map((tool) =>
          run(tool, ["--help"], untouched, WITHOUT_DATABASE_CODE),
        ),
      );
      expect(results.map((r) => [r.code, r.stdout.split("\n")[0], r.stderr])).toEqual([
        [0, "Usage: npm run db:migrate", ""],
        [0, "Usage: npm run db:seed -- FILE.json [--reset]", ""],
        [
          0,
          "Usage: npm run keys -- create --project GUID [--label TEXT] [--scopes read,award,fund,keys,reverse] [--expires ISO-DATE] [--cap TOKEN=AMOUNT]...",
          "",
        ],
        [0, "Usage: npm run service", ""],
      ]);
    });

    it.concurrent("a missing file or bad JSON fails naming the file and the place", async () => {
      const missing = join(temp, "missing.json");
      const bad = fixtureFile("bad.json", '{\n  "project": {\n    "guid": ,\n  }\n}\n');
      const [noFile, badJson] = await Promise.all([
        run("seed", [missing], untouched),
        run("seed", [bad], untouched),
      ]);
      expectOneLineError(noFile, 1, `Cannot read the fixture file ${missing}: no such file.\n`);
      expectOneLineError(
        badJson,
        1,
        `The fixture file ${bad} is not valid JSON: Object value expected after ':' at line 3, column 13.\n`,
      );
      expect(existsSync(untouched)).toBe(false);
    });

    it.concurrent("seed and the service refuse an unmigrated database; migrate applies once; --demo then loads the demo project", async () => {
      const unmigrated = `The service database (PGlite ${seeded}) has no tables yet: run npm run db:migrate first.\n`;
      expectOneLineError(await run("seed", ["--demo"], seeded), 1, unmigrated);
      // The service itself too, before it listens: it would answer every request with a 500.
      expectOneLineError(await run("main", [], seeded), 1, unmigrated);
      const migrations = readdirSync(join(ROOT, "service/db/migrations")).filter((name) =>
        name.endsWith(".sql"),
      ).length;
      expect(await run("migrate", [], seeded)).toEqual({
        code: 0,
        stdout: `Applied ${migrations} migrations to the service database (PGlite ${seeded}); it is up to date.\n`,
        stderr: "",
      });
      expect(await run("migrate", [], seeded)).toEqual({
        code: 0,
        stdout: `The service database (PGlite ${seeded}) is up to date (${migrations} migrations).\n`,
        stderr: "",
      });

      const result = await run("seed", ["--demo"], seeded);
      const demo = demoFixture();
      const items = (demo.customers ?? []).reduce((n, c) => n + (c.items?.length ?? 0), 0);
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      const [summary, key, end] = result.stdout.split("\n");
      expect(summary).toMatch(
        new RegExp(
          `^Imported project ${DEMO_PROJECT_GUID} "${demo.project.name.replace(/[()]/g, "\\$&")}" into PGlite ${seeded} ` +
            `\\(created\\) in \\d+\\.\\d s: ${demo.tokens?.length} tokens, ${demo.products?.length} products, ` +
            `${demo.prices?.length} prices, ${demo.customers?.length} customers, ${items} items\\.$`,
        ),
      );
      expect(key).toBe(`Demo API key (demo data only, never in production): ${DEMO_API_KEY}`);
      expect(end).toBe("");
      expect(existsSync(`${seeded}.lock`)).toBe(false);
      const stored = await inspect(seeded, async (db) => ({
        products: await count(db, "products", DEMO_PROJECT_GUID),
        customers: await count(db, "customers", DEMO_PROJECT_GUID),
        prices: await count(db, "prices", DEMO_PROJECT_GUID),
        keys: await count(db, "api_keys", DEMO_PROJECT_GUID),
      }));
      expect(stored).toEqual({
        products: demo.products?.length,
        customers: demo.customers?.length,
        prices: demo.prices?.length,
        keys: 1,
      });
    });
  });

  describe("on a copy of the seeded database", SLOW, () => {
    it.concurrent("an invalid fixture fails naming the JSON path and writes nothing", async () => {
      const folder = copyOfSeeded("invalid");
      const guid = "44444444-4444-4444-8444-444444444444";
      const fixture = smallFixture(guid, "Broken");
      const broken = fixtureFile("invalid.json", {
        ...fixture,
        customers: [{ id: "p", holdings: [{ token: TOKEN, contract: CONTRACT, amount: "-1", wallet: "w" }] }],
      });
      expectOneLineError(
        await run("seed", [broken], folder),
        1,
        "Invalid fixture: customers[0].holdings[0].amount must not be negative.\n",
      );
      // Valid in shape, refused inside the transaction after the project row went in: rolled back.
      const stolenKey = fixtureFile("stolen-key.json", {
        ...fixture,
        project: { ...fixture.project, apiKeys: [DEMO_API_KEY] },
      });
      expectOneLineError(
        await run("seed", [stolenKey], folder),
        1,
        "Invalid fixture: project.apiKeys holds a key (gcc_demo_k…) that belongs to another project.\n",
      );
      expect(await inspect(folder, (db) => projectNames(db, guid))).toEqual([]);
    });

    it.concurrent("re-importing a project without awards replaces its catalogue and holdings", async () => {
      const folder = copyOfSeeded("replace");
      const guid = "55555555-5555-4555-8555-555555555555";
      const first = await run("seed", [fixtureFile("v1.json", smallFixture(guid, "Version 1"))], folder);
      expect(first.stdout).toContain("(created)");
      const second = await run("seed", [fixtureFile("v2.json", smallFixture(guid, "Version 2", 3))], folder);
      expect(second.stderr).toBe("");
      expect(second.stdout).toMatch(
        /\(replaced\) in \d+\.\d s: 1 token, 3 products, 0 prices, 1 customer, 0 items\.\n$/,
      );
      const stored = await inspect(folder, async (db) => ({
        names: await projectNames(db, guid),
        products: await count(db, "products", guid),
        tokens: await count(db, "tokens", guid),
        customers: await count(db, "customers", guid),
      }));
      expect(stored).toEqual({ names: ["Version 2"], products: 3, tokens: 1, customers: 1 });
    });

    it.concurrent("refuses to re-import a project with awards unless --reset, which deletes it first", async () => {
      const folder = copyOfSeeded("awarded");
      const guid = "66666666-6666-4666-8666-666666666666";
      const file = fixtureFile("awarded.json", smallFixture(guid, "Awarded"));
      expect((await run("seed", [file], folder)).code).toBe(0);
      await inspect(folder, async (db) => {
        const [project] = await rows<{ id: number }>(
          db,
          sql`select id from service.projects where guid = ${guid}::uuid`,
        );
        const request: AwardTokensRequest = {
          RequestID: "77777777-7777-4777-8777-777777777777",
          ProjectGuid: guid,
          IsAllowance: true,
          IsMintable: false,
          CustomerID: "player-1",
          Wallet: "",
          Tokens: [{ Guid: TOKEN, ContractGuid: CONTRACT, Amount: "2" }],
        };
        expect(await awardTokens(db, project?.id as number, request)).toEqual({ status: "Completed" });
      });

      expectOneLineError(
        await run("seed", [file], folder),
        1,
        `Project ${guid} already has 1 award(s) or funding(s) made through the API; importing it again would ` +
          "rewrite holdings they explain. Use --reset to delete the whole project first (RequestIDs included).\n",
      );

      const reset = await run("seed", [file, "--reset"], folder);
      expect(reset.stdout).toMatch(/^Imported project 6{8}-.* "Awarded" .* \(reset\) in /);
      expect(reset.code).toBe(0);
      const stored = await inspect(folder, async (db) => ({
        awards: await count(db, "awards", guid),
        names: await projectNames(db, guid),
      }));
      expect(stored).toEqual({ awards: 0, names: ["Awarded"] });
    });

    it.concurrent("keys: create shows the key once, list shows prefixes and scopes only, roll, revoke by prefix", async () => {
      const folder = copyOfSeeded("keys");
      const project = ["--project", DEMO_PROJECT_GUID];
      const created = await run(
        "keys",
        ["create", ...project, "--label", "ci", "--scopes", "read,award", "--cap", "gold=1000.5"],
        folder,
      );
      expect(created.code).toBe(0);
      const [heading, key, note] = created.stdout.split("\n");
      expect(heading).toMatch(new RegExp(`^Created API key \\d+ for project ${DEMO_PROJECT_GUID} ".+":$`));
      expect(key).toMatch(/^gcc_[A-Za-z0-9_-]{43}$/);
      expect(note).toBe("Store it now: it cannot be shown again (only its prefix is kept).");
      const plain = key as string;
      const prefix = plain.slice(0, 10);
      const badCap = await run("keys", ["create", ...project, "--cap", "NOPE=5"], folder);
      expect(badCap.code).toBe(2);
      expect(badCap.stderr).toContain(
        '--cap: "NOPE" is not a token of this project (use its symbol or Guid).',
      );
      const date = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ";

      const listed = await run("keys", ["list", ...project], folder);
      expect(listed.code).toBe(0);
      expect(listed.stdout).not.toContain(plain);
      expect(listed.stdout).not.toContain(DEMO_API_KEY);
      const lines = listed.stdout.trimEnd().split("\n");
      expect(lines[1]).toMatch(/^ID +PREFIX +LABEL +SCOPES +CREATED +REVOKED +CAPS \(USED\/DAILY\)$/);
      expect(lines[2]).toMatch(
        new RegExp(`^\\d+ +gcc_demo_k +fixture +read,award,fund,keys,reverse +${date} +- +-$`),
      );
      expect(lines[3]).toMatch(new RegExp(`^\\d+ +${prefix} +ci +read,award +${date} +- +GOLD 0/1000.5$`));

      // Rolled: a new key like it, printed once; the old one works until the grace period ends.
      const rolled = await run("keys", ["roll", ...project, "--key", prefix, "--grace-hours", "2"], folder);
      expect(rolled.code).toBe(0);
      const [said, newKey, until] = rolled.stdout.split("\n");
      expect(said).toMatch(
        new RegExp(`^Rolled key \\d+ \\(${prefix}, label "ci"\\) of project .+: the new key \\d+ is$`),
      );
      expect(newKey).toMatch(/^gcc_[A-Za-z0-9_-]{43}$/);
      expect(until).toMatch(
        new RegExp(`^Store it now: it cannot be shown again\\. The old key works until ${date}\\.$`),
      );

      const revoked = await run("keys", ["revoke", ...project, "--key", prefix], folder);
      expect(revoked).toMatchObject({ code: 0, stderr: "" });
      expect(revoked.stdout).toMatch(new RegExp(`^Revoked key \\d+ \\(${prefix}, label "ci"\\) of project `));

      const after = await run("keys", ["list", ...project], folder);
      expect(after.stdout.trimEnd().split("\n")[3]).toMatch(
        new RegExp(`^\\d+ +${prefix} +ci +read,award +${date} +${date} +GOLD 0/1000.5$`),
      );
      // The rolled key's successor shares its line's cap.
      expect(after.stdout.trimEnd().split("\n")[4]).toMatch(
        new RegExp(`^\\d+ +gcc_\\S+ +ci +read,award +${date} +- +GOLD 0/1000.5$`),
      );
      expectOneLineError(
        await run("keys", ["revoke", ...project, "--key", prefix], folder),
        1,
        new RegExp(`^Key \\d+ \\(${prefix}, label "ci"\\) was already revoked on ${date}\\.\\n$`),
      );
      const access = await inspect(folder, async (db) => ({
        created: await authorize(db, plain, DEMO_PROJECT_GUID),
        demo: await authorize(db, DEMO_API_KEY, DEMO_PROJECT_GUID),
      }));
      expect(access.created).toBeNull();
      expect(access.demo).not.toBeNull();
    });

    it.concurrent("keys: a project that does not exist is named", async () => {
      const folder = copyOfSeeded("no-project");
      const guid = "88888888-8888-4888-8888-888888888888";
      expectOneLineError(
        await run("keys", ["create", "--project", guid], folder),
        1,
        `No project ${guid} in the service database (PGlite ${folder}); import one with npm run db:seed.\n`,
      );
    });

    it.concurrent("a tool fails clearly while another process holds the PGlite folder", async () => {
      const folder = copyOfSeeded("locked");
      const release = lockFolder(folder);
      try {
        const results = await Promise.all([
          run("seed", ["--demo"], folder),
          run("keys", ["list", "--project", DEMO_PROJECT_GUID], folder),
        ]);
        for (const result of results) {
          expectOneLineError(
            result,
            1,
            `The embedded database ${folder} is in use by process ${process.pid}. PGlite allows one process per folder`,
          );
        }
        expect(readFileSync(`${folder}.lock`, "utf8")).toContain(`"pid":${process.pid},`);
      } finally {
        release();
      }
    });
  });
});
