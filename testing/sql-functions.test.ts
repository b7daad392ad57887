import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { comparableText, currentFunctions, functionCopies, splitSqlStatements } from "./sql-functions";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A migrations folder with a drizzle journal listing `migrations` in the order given. */
function migrationsFolder(
  migrations: Record<string, string>,
  unjournaled: Record<string, string> = {},
): string {
  const folder = mkdtempSync(join(tmpdir(), "sql-functions-"));
  folders.push(folder);
  mkdirSync(join(folder, "meta"));
  const entries = Object.keys(migrations).map((tag, idx) => ({
    idx,
    version: "7",
    when: idx,
    tag,
    breakpoints: true,
  }));
  writeFileSync(join(folder, "meta", "_journal.json"), JSON.stringify({ version: "7", entries }));
  for (const [tag, sql] of Object.entries({ ...migrations, ...unjournaled })) {
    writeFileSync(join(folder, `${tag}.sql`), sql);
  }
  return folder;
}

function functionsFolder(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), "sql-function-files-"));
  folders.push(folder);
  for (const [file, sql] of Object.entries(files)) writeFileSync(join(folder, file), sql);
  return folder;
}

const ONE_V1 = `CREATE FUNCTION "s"."one"(p integer) RETURNS integer LANGUAGE sql AS $$ SELECT p $$;`;
const ONE_V2 = `CREATE OR REPLACE FUNCTION "s"."one"(p integer) RETURNS integer LANGUAGE sql AS $$ SELECT p + 1 $$;`;

describe("splitSqlStatements", () => {
  it("ends a statement only at a top-level semicolon", () => {
    const sql = [
      "-- a comment; not a statement",
      `CREATE FUNCTION "s"."f"() RETURNS text LANGUAGE plpgsql AS $fn$`,
      "BEGIN",
      "  RETURN $$;$$ || ';' || 'it''s;' || E'\\';' || \"a;b\"; -- ;",
      "END",
      "$fn$ STABLE;--> statement-breakpoint",
      "/* nested /* ; */ still a comment; */ SELECT 1;",
      "SELECT $1::text, a$b FROM t",
    ].join("\n");
    const statements = splitSqlStatements(sql);
    expect(statements.map(({ line }) => line)).toEqual([2, 7, 8]);
    expect(statements[0]?.text).toMatch(/^CREATE FUNCTION "s"\."f"\(\)[\s\S]*\n\$fn\$ STABLE;$/);
    expect(statements[1]?.text).toBe("SELECT 1;");
    expect(statements[2]?.text).toBe("SELECT $1::text, a$b FROM t");
  });

  it("refuses a dollar-quoted body that is never closed, naming its line", () => {
    expect(() => splitSqlStatements("SELECT 1;\nCREATE FUNCTION s.f() AS $x$ BEGIN $$;")).toThrow(
      /dollar-quoted string \$x\$ opened on line 2/,
    );
  });
});

describe("currentFunctions", () => {
  it("keeps the newest definition of each signature, in the journal's order", () => {
    const current = currentFunctions(migrationsFolder({ "0001_b": ONE_V1, "0000_a": ONE_V2 }));
    expect([...current.keys()]).toEqual(["s.one(integer)"]);
    expect(current.get("s.one(integer)")?.migration).toBe("0000_a.sql");
  });

  it("knows a function by its input types: names, OUT arguments, defaults and aliases aside", () => {
    const current = currentFunctions(
      migrationsFolder({
        "0000_a": `CREATE FUNCTION s.two(IN a int4, b "pg_catalog"."timestamptz" DEFAULT now(), c numeric(10, 2)[],
          OUT d text, "E" timestamp with time zone = NULL) LANGUAGE plpgsql AS $$ BEGIN END $$;`,
        "0001_b": `DROP FUNCTION "s"."two"(integer, timestamp with time zone, numeric[], timestamptz);`,
      }),
    );
    expect([...current.keys()]).toEqual([]);
  });

  it("treats another argument list as an overload, and a DROP removes only the signature it names", () => {
    const current = currentFunctions(
      migrationsFolder({
        "0000_a": ONE_V1,
        "0001_b": `CREATE OR REPLACE FUNCTION "s"."one"(p integer, q text) RETURNS integer LANGUAGE sql AS $$ SELECT p $$;`,
        "0002_c": `DROP FUNCTION IF EXISTS "s"."one"(integer); DROP FUNCTION IF EXISTS "s"."gone"();`,
      }),
    );
    expect([...current.keys()]).toEqual(["s.one(integer, text)"]);
  });

  it("refuses what it cannot follow, naming the migration", () => {
    const refused = (sql: string) => () => currentFunctions(migrationsFolder({ "0000_a": sql }));
    expect(refused(`DO $$ BEGIN EXECUTE 'CREATE FUNCTION s.f() ...'; END $$;`)).toThrow(
      /0000_a\.sql: .*creates a function inside a body or a string/,
    );
    expect(refused(`CREATE FUNCTION f() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;`)).toThrow(
      /names no schema/,
    );
    expect(refused(`ALTER FUNCTION s.f() RENAME TO g;`)).toThrow(/not followed/);
    expect(refused(`DROP FUNCTION s.f();`)).toThrow(/which no earlier migration defines/);
    expect(refused(`${ONE_V1}\nDROP FUNCTION s.one CASCADE;`)).toThrow(/CASCADE/);
  });
});

describe("functionCopies", () => {
  const header = "-- s.one: copied from 0001_b.sql\n";
  const same = (pair: { fileText: string; migrationText: string }) =>
    comparableText(pair.fileText) === comparableText(pair.migrationText);

  it("pairs each file with its function's newest definition", () => {
    const copies = functionCopies(
      migrationsFolder({ "0000_a": ONE_V1, "0001_b": ONE_V2 }),
      functionsFolder({ "one.sql": `${header}${ONE_V2.replaceAll("\n", "\r\n")}  \n` }),
    );
    expect(copies).toMatchObject({ missing: [], orphans: [], misnamed: [], duplicates: [], unjournaled: [] });
    expect(copies.pairs.map(({ key, migration }) => [key, migration])).toEqual([
      ["s.one(integer)", "0001_b.sql"],
    ]);
    expect(copies.pairs.map(same)).toEqual([true]);
  });

  it("shows a file that holds an older definition as differing", () => {
    const { pairs } = functionCopies(
      migrationsFolder({ "0000_a": ONE_V1, "0001_b": ONE_V2 }),
      functionsFolder({ "one.sql": `${header}${ONE_V1}\n` }),
    );
    expect(pairs.map(same)).toEqual([false]);
  });

  it("names a function without a file, a file of a dropped function, a misnamed file and a duplicate", () => {
    const copies = functionCopies(
      migrationsFolder({
        "0000_a": `${ONE_V1}\nCREATE FUNCTION s.two() RETURNS void LANGUAGE sql AS $$ $$;`,
        "0001_b": `CREATE FUNCTION s.three() RETURNS void LANGUAGE sql AS $$ $$;\nDROP FUNCTION s.two();`,
      }),
      functionsFolder({
        "one.sql": ONE_V1,
        "uno.sql": ONE_V1,
        "two.sql": "CREATE FUNCTION s.two() RETURNS void LANGUAGE sql AS $$ $$;",
      }),
    );
    expect(copies.missing).toEqual(["s.three()"]);
    expect(copies.orphans).toEqual([{ file: "two.sql", key: "s.two()" }]);
    expect(copies.misnamed).toEqual([{ file: "uno.sql", key: "s.one(integer)" }]);
    expect(copies.duplicates).toEqual(["s.one(integer)"]);
  });

  it("asks overloads for a suffix, and names a migration file the journal does not list", () => {
    const two = `CREATE FUNCTION s.one(p text) RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$;`;
    const copies = functionCopies(
      migrationsFolder({ "0000_a": `${ONE_V1}\n${two}` }, { "0001_stray": "SELECT 1;" }),
      functionsFolder({ "one.sql": ONE_V1, "one--text.sql": two }),
    );
    expect(copies.misnamed).toEqual([{ file: "one.sql", key: "s.one(integer)" }]);
    expect(copies.unjournaled).toEqual(["0001_stray.sql"]);
  });

  it("refuses a file that holds anything but one CREATE FUNCTION and comments", () => {
    const migrations = migrationsFolder({ "0000_a": ONE_V1 });
    expect(() => functionCopies(migrations, functionsFolder({ "one.sql": `${ONE_V1}\nSELECT 1;` }))).toThrow(
      /one\.sql must hold exactly one CREATE FUNCTION/,
    );
  });
});
