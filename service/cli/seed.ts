import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parse as parseLossless } from "lossless-json";
import { CliError, parseCommandLine, plural, UsageError } from "@/common/cli";
import { DEMO_API_KEY, demoFixture } from "../db/demo-fixture";
import { SCALE_API_KEY, scaleFixture } from "../db/scale-fixture";
import { runCli, withServiceDatabase } from "./run-cli";

const MAX_SCALE = 1_000_000;

const HELP = `Usage: npm run db:seed -- FILE.json [--reset]
       npm run db:seed -- --demo [--reset]
       npm run db:seed -- --scale N [--reset]

Imports one project into the service's database as one transaction: all of it or nothing.
  FILE.json   a project fixture (JSON; the format is in docs/service.md, "Data in")
  --demo      the demo project, its price dates moved to today (registers the demo API key)
  --scale N   a generated project of N customers, 1 to ${MAX_SCALE.toLocaleString("en-US")}, for benchmarks
  --reset     delete the whole project first, awards and RequestIDs included
Without --reset, importing a project that exists replaces its catalogue and holdings, and is
refused once awards or fundings were made through the API.
Run npm run db:migrate first. With PGlite (the default), stop the service first.`;

type Source = { kind: "file"; path: string } | { kind: "demo" } | { kind: "scale"; customers: number };

function chooseSource(files: string[], demo: boolean, scale: string | undefined): Source {
  if (files.length > 1)
    throw new UsageError(`Give one fixture file (got ${files.length}: ${files.join(", ")}).`);
  const chosen = [files[0], demo ? "--demo" : undefined, scale === undefined ? undefined : "--scale"].filter(
    (name) => name !== undefined,
  );
  if (chosen.length === 0)
    throw new UsageError("Name what to import: a fixture FILE.json, --demo or --scale N.");
  if (chosen.length > 1)
    throw new UsageError(`Choose one of FILE.json, --demo and --scale (got ${chosen.join(" and ")}).`);
  if (demo) return { kind: "demo" };
  if (scale !== undefined) {
    const customers = /^\d{1,7}$/.test(scale) ? Number(scale) : Number.NaN;
    if (!(customers >= 1 && customers <= MAX_SCALE)) {
      throw new UsageError(
        `--scale must be a whole number of customers from 1 to ${MAX_SCALE.toLocaleString("en-US")} (got "${scale}").`,
      );
    }
    return { kind: "scale", customers };
  }
  // npm runs scripts from the package root; a relative path means the caller's directory.
  return { kind: "file", path: resolve(process.env.INIT_CWD ?? process.cwd(), files[0] as string) };
}

/** "line 3, column 7" for a character offset. */
function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split("\n");
  return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}

/** The file's JSON, or a CliError naming the file and where its JSON breaks. */
function readFixtureFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "ENOENT"
        ? "no such file"
        : code === "EISDIR"
          ? "it is a directory"
          : code === "EACCES"
            ? "permission denied"
            : (error as Error).message;
    throw new CliError(`Cannot read the fixture file ${path}: ${reason}.`);
  }
  // A byte-order mark is not JSON, but editors write one; it carries no data.
  if (text.startsWith("\uFEFF")) text = text.slice(1);
  try {
    return JSON.parse(text);
  } catch (error) {
    // V8's message often lacks the position; lossless-json's parser gives it for the same input.
    let reason = ((error as Error).message.split("\n")[0] ?? "").replace(/[.,]?$/, "");
    try {
      parseLossless(text);
    } catch (precise) {
      const match = /^(.*) at position (\d+)$/.exec((precise as Error).message);
      if (match) reason = `${match[1]} at ${lineAndColumn(text, Number(match[2]))}`;
    }
    throw new CliError(`The fixture file ${path} is not valid JSON: ${reason}.`);
  }
}

/** `npm run db:seed`: imports a fixture file, the demo project or a generated scale project. */
async function main(): Promise<void> {
  const { values, positionals } = parseCommandLine({
    options: {
      demo: { type: "boolean" },
      scale: { type: "string" },
      reset: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    allowPositionals: true,
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const source = chooseSource(positionals, values.demo ?? false, values.scale);
  // Bad input fails here, before the database is opened (or its lock taken).
  const data =
    source.kind === "file"
      ? readFixtureFile(source.path)
      : source.kind === "demo"
        ? demoFixture()
        : scaleFixture(source.customers);

  // The input is right: now the import and the database code are loaded (not for --help).
  const [{ sql }, { importFixture }, { rows }] = await Promise.all([
    import("drizzle-orm"),
    import("../domain/import"),
    import("../domain/sql-rows"),
  ]);
  await withServiceDatabase(async (database, where) => {
    const started = performance.now();
    const result = await importFixture(database.db, data, { reset: values.reset ?? false });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const [project] = await rows<{ guid: string; name: string }>(
      database.db,
      sql`select guid_text as guid, name from service.projects where id = ${result.projectId}`,
    );
    const { counts } = result;
    console.log(
      `Imported project ${project?.guid} "${project?.name}" into ${where} (${result.mode}) in ${seconds} s: ` +
        `${plural(counts.tokens, "token")}, ${plural(counts.products, "product")}, ${plural(counts.prices, "price")}, ` +
        `${plural(counts.customers, "customer")}, ${plural(counts.items, "item")}.`,
    );
    if (source.kind === "demo")
      console.log(`Demo API key (demo data only, never in production): ${DEMO_API_KEY}`);
    if (source.kind === "scale") console.log(`Scale API key (benchmark data only): ${SCALE_API_KEY}`);
  });
}

await runCli("db:seed", main);
