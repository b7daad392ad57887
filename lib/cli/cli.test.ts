import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createConnection } from "@/lib/connections/connections";
import { openConsoleDatabase } from "@/lib/db/connection";
import { connections } from "@/lib/db/schema";
import { tsxArgumentsOf } from "@/testing/npm-script-command";
import { testFolders } from "@/testing/temp-folders";
import { startsOf } from "@/testing/test-limits";
import { WITHOUT_DATABASE_CODE } from "@/testing/without-database-code";

const temp = testFolders("console-cli");

/** Runs a console tool the way `npm run` does: tsx with its npm script's flags. */
function run(
  tool: (typeof TOOLS)[number],
  args: string[],
  folder: string,
  input = "",
  env: Record<string, string> = {},
) {
  const result = spawnSync("node_modules/.bin/tsx", [...tsxArgumentsOf(`lib/cli/${tool}.ts`), ...args], {
    input,
    encoding: "utf8",
    env: { ...process.env, CONSOLE_PGLITE_DIR: folder, CONSOLE_DATABASE_URL: "", ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const TOOLS = ["migrate", "user-create", "secrets-rotate", "audit-verify"] as const;

describe("console command-line tools", () => {
  it(
    "--help and a wrong command line answer before any database code is loaded",
    () => {
      const folder = join(temp.next(), "console");
      const answers = TOOLS.map((tool) => ({
        tool,
        help: run(tool, ["--help"], folder, "", WITHOUT_DATABASE_CODE),
        wrong: run(tool, ["--bogus"], folder, "", WITHOUT_DATABASE_CODE),
      }));
      const script = {
        migrate: "db:migrate",
        "user-create": "user:create",
        "secrets-rotate": "secrets:rotate",
        "audit-verify": "audit:verify",
      };
      for (const { tool, help, wrong } of answers) {
        expect({ tool, code: help.code, first: help.stdout.split("\n")[0], stderr: help.stderr }).toEqual({
          tool,
          code: 0,
          first: expect.stringMatching(new RegExp(`^Usage: npm run ${script[tool]}`)),
          stderr: "",
        });
        expect({ tool, code: wrong.code, stdout: wrong.stdout, stderr: wrong.stderr }).toEqual({
          tool,
          code: 2,
          stdout: "",
          stderr: `Unknown option --bogus. See: npm run ${script[tool]} -- --help\n`,
        });
      }
      expect(readdirSync(dirname(folder))).toEqual([]);
    },
    startsOf(8),
  );

  it(
    "db:migrate and user:create: migrate first, create from stdin, refuse duplicates and bad input",
    () => {
      const folder = join(temp.next(), "console");
      const early = run(
        "user-create",
        ["--email", "a@studio.example", "--role", "owner"],
        folder,
        "long enough password\n",
      );
      expect(early).toMatchObject({
        code: 1,
        stderr: expect.stringMatching(
          /^The console database \(PGlite .*\) has no tables yet: run npm run db:migrate first\.$/m,
        ),
      });

      const migrations = readdirSync("lib/db/migrations").filter((name) => name.endsWith(".sql")).length;
      expect(run("migrate", [], folder)).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(
          new RegExp(
            `^The console database \\(PGlite .*\\) is up to date \\(${migrations} migrations?\\)\\.\\n$`,
          ),
        ),
      });
      const created = run(
        "user-create",
        ["--email", "Owner@Studio.example", "--role", "owner"],
        folder,
        "long enough password\n",
      );
      expect(created).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(/^Created owner owner@studio.example \(id 1\)/),
      });
      expect(created.stdout).not.toContain("long enough password");

      const again = run(
        "user-create",
        ["--email", "owner@studio.example", "--role", "manager"],
        folder,
        "long enough password\n",
      );
      expect(again).toMatchObject({
        code: 1,
        stderr: "Cannot create the user. The email owner@studio.example already has an account.\n",
      });
      const bad = run("user-create", ["--email", "x@studio.example", "--role", "admin"], folder, "short\n");
      expect(bad).toMatchObject({
        code: 1,
        stderr:
          "Cannot create the user. The user's role must be one of owner, manager, support; password must be at least 10 characters.\n",
      });
      expect(run("user-create", ["--role", "owner"], folder)).toMatchObject({
        code: 2,
        stderr: "--email is required. See: npm run user:create -- --help\n",
      });
    },
    startsOf(6),
  );

  it(
    "secrets:rotate: seals with the newest key; a bad key list is named before anything opens; a key none opens stops it",
    async () => {
      const folder = join(temp.next(), "console");
      expect(run("migrate", [], folder).code).toBe(0);
      const keys = { CONSOLE_ENCRYPTION_KEYS: `${"n".repeat(40)},${"o".repeat(40)}` };
      expect(run("secrets-rotate", [], folder, "", keys)).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(
          /^Sealed 0 connection keys and 0 second-factor secrets again with encryption key [\w-]{8} in the console database \(PGlite .*\); 0 already were\.\n$/,
        ),
      });
      expect(
        run("secrets-rotate", [], folder, "", { CONSOLE_ENCRYPTION_KEYS: `${"n".repeat(40)},short` }),
      ).toMatchObject({
        code: 1,
        stderr: expect.stringMatching(
          /^Invalid console environment: CONSOLE_ENCRYPTION_KEYS key 2 must be at least 32 characters/,
        ),
      });

      // A connection sealed with a key the tool is not given: one line naming it, nothing written.
      const database = await openConsoleDatabase({ driver: "pglite", folder });
      const lost = {
        name: "Lost",
        baseUrl: "http://x.test",
        projectGuid: "7d3c1a52-4b8e-4f1a-9c2d-5e6f70819a2b",
        apiKey: "gcc_lost_key_0123456789",
      };
      await createConnection(database.db, ["l".repeat(40)], lost, null);
      const before = await database.db.select({ box: connections.apiKeyCiphertext }).from(connections);
      await database.close();
      const stopped = run("secrets-rotate", [], folder, "", keys);
      expect({ code: stopped.code, stdout: stopped.stdout }).toEqual({ code: 1, stdout: "" });
      expect(stopped.stderr).toMatch(
        /^The key of connection "Lost" \(db:1\) cannot be opened with the given keys: .* Nothing was changed\.\n$/,
      );
      const after = await openConsoleDatabase({ driver: "pglite", folder });
      expect(await after.db.select({ box: connections.apiKeyCiphertext }).from(connections)).toEqual(before);
      await after.close();
    },
    startsOf(4),
  );

  it(
    "audit:verify: an intact chain passes with its head hash; a row edited behind the triggers' back fails naming it",
    async () => {
      const folder = join(temp.next(), "console");
      expect(run("migrate", [], folder).code).toBe(0);
      expect(run("audit-verify", [], folder)).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(/is empty\.\n$/),
      });
      const write = async (...statements: string[]) => {
        const database = await openConsoleDatabase({ driver: "pglite", folder });
        for (const statement of statements) await database.db.execute(sql.raw(statement));
        await database.close();
      };
      await write(
        `insert into console.audit_log (kind, summary) values ('user.created', 'one'), ('user.created', 'two'), ('user.created', 'three')`,
      );
      expect(run("audit-verify", [], folder)).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(/holds: 3 rows, chained; newest row 3, hash [0-9a-f]{64}\.\n$/),
      });
      await write(
        "alter table console.audit_log disable trigger user",
        "update console.audit_log set summary = 'changed' where id = 2",
        "alter table console.audit_log enable trigger user",
      );
      expect(run("audit-verify", [], folder)).toMatchObject({
        code: 1,
        stderr: expect.stringMatching(
          /is broken at row 2: its content does not match its hash \(the row was changed\)/,
        ),
      });
    },
    startsOf(4),
  );
});
