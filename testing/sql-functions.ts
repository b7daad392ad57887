import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The SQL functions a migrations folder leaves defined, and the readable copies of them kept in a
 * functions folder (`service/db/functions/`, `lib/db/functions/`; docs/service.md, "SQL
 * functions"). Migrations are what runs; a function changed over several of them is read in its
 * functions file, and the tests beside those folders hold each file to the newest migration that
 * defines the function.
 *
 * A function is known by its schema, its name and its input argument types, as PostgreSQL knows
 * it: `CREATE OR REPLACE` of another argument list adds an overload, and `DROP FUNCTION` removes
 * the one signature it names. The migrations are replayed in the order drizzle applies them, the
 * entries of `meta/_journal.json`. Statements are split by a small lexer that knows comments,
 * strings, quoted identifiers and dollar quoting; what it cannot follow (a function created
 * inside a `DO` block or a string, `ALTER FUNCTION`, a dropped schema) is an error, not a guess.
 */

/** One top-level statement of a SQL file: from its first token to its `;` (or the file's end). */
export interface SqlStatement {
  text: string;
  /** The statement's text less its comments (strings and dollar-quoted bodies kept). */
  code: string;
  /** 1-based line of its first token. */
  line: number;
}

/** A function as PostgreSQL identifies it. */
export interface FunctionSignature {
  schema: string;
  name: string;
  /** Input argument types, normalised (`timestamptz` → `timestamp with time zone`, no names). */
  inputTypes: string[];
}

export interface FunctionDefinition extends FunctionSignature {
  /** `schema.name(type, …)`: one key per signature. */
  key: string;
  /** The CREATE statement's text, from `CREATE` to its `;`. */
  text: string;
}

type FunctionStatement =
  | { kind: "create"; definition: FunctionDefinition }
  | {
      kind: "drop";
      targets: { schema: string; name: string; inputTypes: string[] | null }[];
      ifExists: boolean;
    };

const IDENTIFIER_CHAR = /[A-Za-z0-9_$]/;
const DOLLAR_TAG = /^\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/;

/**
 * Splits SQL into top-level statements at `;`, skipping `--` and (nested) block comments, quoted
 * strings (with `''`, and backslashes in `E'…'`), quoted identifiers and dollar-quoted strings.
 * Drizzle's `--> statement-breakpoint` is a comment here, as it is to PostgreSQL.
 */
export function splitSqlStatements(sql: string): SqlStatement[] {
  const statements: SqlStatement[] = [];
  let start = -1;
  let code = "";
  let i = 0;
  const begin = () => {
    if (start < 0) start = i;
  };
  const unterminated = (what: string, at: number): never => {
    throw new Error(`SQL: ${what} opened on line ${lineOf(sql, at)} is never closed`);
  };
  while (i < sql.length) {
    const c = sql.charAt(i);
    const next = sql.charAt(i + 1);
    if (c === "-" && next === "-") {
      const end = sql.indexOf("\n", i);
      i = end < 0 ? sql.length : end;
      continue;
    }
    if (c === "/" && next === "*") {
      const opened = i;
      let depth = 0;
      do {
        if (sql.startsWith("/*", i)) {
          depth += 1;
          i += 2;
        } else if (sql.startsWith("*/", i)) {
          depth -= 1;
          i += 2;
        } else if (i >= sql.length) unterminated("a block comment", opened);
        else i += 1;
      } while (depth > 0);
      continue;
    }
    if (/\s/.test(c)) {
      if (start >= 0) code += c;
      i += 1;
      continue;
    }
    begin();
    const from = i;
    if (c === "'") {
      const escapes = (sql[i - 1] === "E" || sql[i - 1] === "e") && !IDENTIFIER_CHAR.test(sql[i - 2] ?? " ");
      i += 1;
      for (;;) {
        if (i >= sql.length) unterminated("a string", from);
        if (escapes && sql[i] === "\\") i += 2;
        else if (sql[i] === "'" && sql[i + 1] === "'") i += 2;
        else if (sql[i] === "'") break;
        else i += 1;
      }
      i += 1;
    } else if (c === '"') {
      i += 1;
      for (;;) {
        if (i >= sql.length) unterminated("a quoted identifier", from);
        if (sql[i] === '"' && sql[i + 1] === '"') i += 2;
        else if (sql[i] === '"') break;
        else i += 1;
      }
      i += 1;
    } else if (
      c === "$" &&
      !IDENTIFIER_CHAR.test(sql[i - 1] ?? " ") &&
      DOLLAR_TAG.test(sql.slice(i, i + 64))
    ) {
      const tag = (DOLLAR_TAG.exec(sql.slice(i, i + 64)) as RegExpExecArray)[0];
      const close = sql.indexOf(tag, i + tag.length);
      if (close < 0) unterminated(`the dollar-quoted string ${tag}`, from);
      i = close + tag.length;
    } else if (c === ";") {
      i += 1;
      code += ";";
      statements.push({ text: sql.slice(start, i), code, line: lineOf(sql, start) });
      start = -1;
      code = "";
      continue;
    } else {
      i += 1;
    }
    code += sql.slice(from, i);
  }
  if (start >= 0)
    statements.push({ text: sql.slice(start).trimEnd(), code: code.trimEnd(), line: lineOf(sql, start) });
  return statements;
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}

const CREATE_FUNCTION = /^CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+/i;
const DROP_FUNCTION = /^DROP\s+FUNCTION\s+(IF\s+EXISTS\s+)?/i;
const ANY_CREATE_FUNCTION = /\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:FUNCTION|PROCEDURE)\b/gi;
const UNFOLLOWED = [
  /^ALTER\s+(?:FUNCTION|ROUTINE|PROCEDURE)\b/i,
  /^DROP\s+(?:ROUTINE|PROCEDURE|SCHEMA|OWNED)\b/i,
  /^CREATE\s+(?:OR\s+REPLACE\s+)?PROCEDURE\b/i,
];

/**
 * What a statement does to functions: creates one, drops some, or nothing (null). Throws on what
 * it cannot follow, so a function never escapes the check unseen.
 */
export function functionStatement(statement: SqlStatement): FunctionStatement | null {
  const { code } = statement;
  const where = `the statement on line ${statement.line}`;
  for (const pattern of UNFOLLOWED) {
    if (pattern.test(code)) throw new Error(`${where} (${code.slice(0, 40)}…) is not followed by this check`);
  }
  const creates = code.match(ANY_CREATE_FUNCTION)?.length ?? 0;
  const create = CREATE_FUNCTION.exec(code);
  if (creates > (create ? 1 : 0)) {
    throw new Error(`${where} creates a function inside a body or a string, which this check cannot follow`);
  }
  if (create) {
    const reader = new Reader(code, create[0].length, where);
    const { schema, name } = reader.qualifiedName();
    const inputTypes = inputArgumentTypes(reader.parenthesised(), where);
    const text = statement.text;
    return {
      kind: "create",
      definition: { schema, name, inputTypes, key: signatureKey(schema, name, inputTypes), text },
    };
  }
  const drop = DROP_FUNCTION.exec(code);
  if (drop) {
    const reader = new Reader(code, drop[0].length, where);
    const targets: { schema: string; name: string; inputTypes: string[] | null }[] = [];
    do {
      const { schema, name } = reader.qualifiedName();
      const inputTypes = reader.peek() === "(" ? inputArgumentTypes(reader.parenthesised(), where) : null;
      targets.push({ schema, name, inputTypes });
    } while (reader.take(","));
    if (/\bCASCADE\b/i.test(reader.rest())) {
      throw new Error(`${where} drops with CASCADE, which may drop more than this check follows`);
    }
    return { kind: "drop", targets, ifExists: Boolean(drop[1]) };
  }
  return null;
}

export function signatureKey(schema: string, name: string, inputTypes: string[]): string {
  return `${schema}.${name}(${inputTypes.join(", ")})`;
}

/** Reads names and parenthesised lists from a statement's code. */
class Reader {
  constructor(
    private readonly code: string,
    private at: number,
    private readonly where: string,
  ) {}

  private skipSpace() {
    while (/\s/.test(this.code[this.at] ?? "")) this.at += 1;
  }

  peek(): string {
    this.skipSpace();
    return this.code[this.at] ?? "";
  }

  take(char: string): boolean {
    if (this.peek() !== char) return false;
    this.at += 1;
    return true;
  }

  rest(): string {
    return this.code.slice(this.at);
  }

  private identifier(): string {
    this.skipSpace();
    if (this.code[this.at] === '"') {
      const end = this.code.indexOf('"', this.at + 1);
      const name = this.code.slice(this.at + 1, end);
      this.at = end + 1;
      return name;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(this.code.slice(this.at));
    if (!word)
      throw new Error(`${this.where}: expected a name at "${this.code.slice(this.at, this.at + 30)}"`);
    this.at += word[0].length;
    return word[0].toLowerCase();
  }

  qualifiedName(): { schema: string; name: string } {
    const first = this.identifier();
    if (!this.take(".")) {
      throw new Error(
        `${this.where}: the function ${first} names no schema; every function here is schema-qualified`,
      );
    }
    return { schema: first, name: this.identifier() };
  }

  /** The text inside the parentheses that open here, balanced; strings are already opaque. */
  parenthesised(): string {
    if (!this.take("(")) throw new Error(`${this.where}: expected "(" after the function's name`);
    const from = this.at;
    let depth = 1;
    let quoted: string | null = null;
    while (depth > 0) {
      const c = this.code[this.at];
      if (c === undefined) throw new Error(`${this.where}: the argument list is never closed`);
      if (quoted) {
        if (c === quoted) quoted = null;
      } else if (c === '"' || c === "'") quoted = c;
      else if (c === "(") depth += 1;
      else if (c === ")") depth -= 1;
      this.at += 1;
    }
    return this.code.slice(from, this.at - 1);
  }
}

/** Splits at commas outside parentheses and quotes. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted: string | null = null;
  let from = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === quoted) quoted = null;
    } else if (c === '"' || c === "'") quoted = c;
    else if (c === "(") depth += 1;
    else if (c === ")") depth -= 1;
    else if (c === "," && depth === 0) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts.map((part) => part.trim()).filter((part) => part !== "");
}

const MULTI_WORD_TYPES = [
  "double precision",
  "character varying",
  "bit varying",
  "timestamp with time zone",
  "timestamp without time zone",
  "time with time zone",
  "time without time zone",
];

const TYPE_ALIASES: Record<string, string> = {
  int: "integer",
  int4: "integer",
  int8: "bigint",
  int2: "smallint",
  bool: "boolean",
  float8: "double precision",
  float4: "real",
  decimal: "numeric",
  varchar: "character varying",
  char: "character",
  timestamptz: "timestamp with time zone",
  timestamp: "timestamp without time zone",
  timetz: "time with time zone",
  time: "time without time zone",
};

/**
 * The input argument types of a parameter list (`[mode] [name] type [DEFAULT …]`): OUT arguments
 * are not part of a function's identity; names, defaults and type modifiers are dropped.
 */
function inputArgumentTypes(parameters: string, where: string): string[] {
  const types: string[] = [];
  for (const parameter of splitTopLevel(parameters)) {
    let words = parameter.replace(/\s+(?:DEFAULT\b|=)[\s\S]*$/i, "").trim();
    const mode = /^(IN|OUT|INOUT|VARIADIC)\s+/i.exec(words);
    if (mode) words = words.slice(mode[0].length);
    if (mode?.[1]?.toUpperCase() === "OUT") continue;
    const type = isTypeAlone(words) ? words : words.replace(/^("[^"]*"|[A-Za-z_][A-Za-z0-9_$]*)\s+/, "");
    if (type === "") throw new Error(`${where}: cannot read the argument "${parameter}"`);
    types.push(normaliseType(type));
  }
  return types;
}

function isTypeAlone(words: string): boolean {
  const bare = words
    .toLowerCase()
    .replace(/\s*\(.*?\)/g, "")
    .replace(/(\s*\[\s*\d*\s*\])+$/, "")
    .trim();
  return !/\s/.test(bare) || MULTI_WORD_TYPES.includes(bare.replace(/\s+/g, " "));
}

function normaliseType(type: string): string {
  const arrays = (/(\s*\[\s*\d*\s*\])+$/.exec(type)?.[0].match(/\[/g) ?? []).length;
  const base = type
    .replace(/(\s*\[\s*\d*\s*\])+$/, "")
    .replace(/\s*\([^)]*\)/g, "")
    .split(/\s*\.\s*/)
    .map((part) => (part.startsWith('"') ? part.slice(1, -1) : part.toLowerCase().replace(/\s+/g, " ")))
    .join(".")
    .replace(/^pg_catalog\./, "");
  return `${TYPE_ALIASES[base] ?? base}${"[]".repeat(arrays)}`;
}

/** The newest definition of a function and the migration it comes from. */
export interface CurrentFunction {
  definition: FunctionDefinition;
  migration: string;
}

/**
 * Replays a migrations folder's function statements in the order of `meta/_journal.json` (the
 * order drizzle applies them in) and returns the functions left defined, by signature key.
 */
export function currentFunctions(migrationsFolder: string): Map<string, CurrentFunction> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const current = new Map<string, CurrentFunction>();
  for (const { tag } of journal.entries) {
    const migration = `${tag}.sql`;
    const statements = splitSqlStatements(readFileSync(join(migrationsFolder, migration), "utf8"));
    for (const statement of statements) {
      const change = inMigration(migration, () => functionStatement(statement));
      if (change?.kind === "create") {
        current.set(change.definition.key, { definition: change.definition, migration });
      } else if (change?.kind === "drop") {
        for (const target of change.targets) {
          const dropped = [...current.keys()].filter((key) => {
            const { definition } = current.get(key) as CurrentFunction;
            if (definition.schema !== target.schema || definition.name !== target.name) return false;
            return (
              target.inputTypes === null ||
              key === signatureKey(target.schema, target.name, target.inputTypes)
            );
          });
          if (dropped.length > 1) {
            throw new Error(
              `${migration} line ${statement.line}: DROP FUNCTION ${target.name} without arguments is ambiguous`,
            );
          }
          if (dropped.length === 0 && !change.ifExists) {
            throw new Error(
              `${migration} line ${statement.line}: drops ${target.schema}.${target.name}, which no earlier migration defines with those arguments`,
            );
          }
          for (const key of dropped) current.delete(key);
        }
      }
    }
  }
  return current;
}

function inMigration<T>(migration: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new Error(`${migration}: ${(error as Error).message}`);
  }
}

/** A readable copy of one function: its file and the one definition it holds. */
export interface FunctionFile {
  file: string;
  definition: FunctionDefinition;
}

/**
 * Reads every `.sql` file of a functions folder. Each holds exactly one CREATE FUNCTION statement
 * and otherwise only comments; anything else is an error naming the file.
 */
export function functionFiles(functionsFolder: string): FunctionFile[] {
  return readdirSync(functionsFolder)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => {
      const statements = splitSqlStatements(readFileSync(join(functionsFolder, file), "utf8"));
      const changes = statements.map((statement) => inMigration(file, () => functionStatement(statement)));
      const [change] = changes;
      if (statements.length !== 1 || change?.kind !== "create") {
        throw new Error(
          `${file} must hold exactly one CREATE FUNCTION statement and comments (it holds ${statements.length} statements)`,
        );
      }
      return { file, definition: change.definition };
    });
}

/** The file name a function's copy must have: its name, or with `--suffix` when overloaded. */
export function fileNameFits(file: string, name: string, overloaded: boolean): boolean {
  const base = file.replace(/\.sql$/, "");
  return overloaded ? base.startsWith(`${name}--`) && base.length > name.length + 2 : base === name;
}

/** A definition's text for comparison: line endings and trailing whitespace normalised, nothing else. */
export function comparableText(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trimEnd())
    .join("\n")
    .trimEnd();
}

/** How a functions folder stands against its migrations. */
export interface FunctionCopies {
  /** Functions the migrations leave defined that no file holds, by key. */
  missing: string[];
  /** Files whose function no migration leaves defined (never defined, or dropped since). */
  orphans: { file: string; key: string }[];
  /** Files not named after their function (`<name>.sql`; `<name>--<suffix>.sql` when overloaded). */
  misnamed: { file: string; key: string }[];
  /** Functions held by more than one file, by key. */
  duplicates: string[];
  /** Each file with its function's newest definition, to compare. */
  pairs: { file: string; key: string; migration: string; fileText: string; migrationText: string }[];
  /** `.sql` files of the migrations folder that the journal does not list (drizzle never runs them). */
  unjournaled: string[];
}

export function functionCopies(migrationsFolder: string, functionsFolder: string): FunctionCopies {
  const current = currentFunctions(migrationsFolder);
  const files = functionFiles(functionsFolder);
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const journaled = new Set(journal.entries.map(({ tag }) => `${tag}.sql`));
  const names = [...current.values()].map(({ definition }) => `${definition.schema}.${definition.name}`);
  const overloaded = (schema: string, name: string) =>
    names.filter((n) => n === `${schema}.${name}`).length > 1;
  const held = new Set(files.map(({ definition }) => definition.key));
  const result: FunctionCopies = {
    missing: [...current.keys()].filter((key) => !held.has(key)),
    orphans: [],
    misnamed: [],
    duplicates: [...held].filter(
      (key) => files.filter(({ definition }) => definition.key === key).length > 1,
    ),
    pairs: [],
    unjournaled: readdirSync(migrationsFolder)
      .filter((file) => file.endsWith(".sql") && !journaled.has(file))
      .sort(),
  };
  for (const { file, definition } of files) {
    const { key, schema, name } = definition;
    if (!fileNameFits(file, name, overloaded(schema, name))) result.misnamed.push({ file, key });
    const newest = current.get(key);
    if (!newest) {
      result.orphans.push({ file, key });
      continue;
    }
    result.pairs.push({
      file,
      key,
      migration: newest.migration,
      fileText: definition.text,
      migrationText: newest.definition.text,
    });
  }
  return result;
}
