import { amountProblem } from "@/lib/awards/award-rules";
import { checkCustomerId } from "@/lib/contract/customer-id-rule";
import { canonicalDecimal } from "@/lib/contract/decimal";
import {
  type CsvRecord,
  type CsvRecordError,
  type CsvRecordReader,
  type CsvSeparator,
  csvRecords,
  separatorOf,
} from "@/lib/model/csv-records";

/**
 * A campaign's player list (docs/console.md, "Campaigns"): a UTF-8 CSV file (byte-order mark
 * allowed), comma- or semicolon-separated as its header line says — the bulk-award file's format
 * (docs/console.md, "Bulk awards"), read by the same tokenizer — with a `customer_id` column and
 * an optional `amount` column (each player's own amount). Read from a stream, chunk by chunk:
 * a list of a million players is never whole in memory. Amounts stay exact text.
 */

export const MAX_LIST_PLAYERS = 1_000_000;
export const MAX_LIST_BYTES = 64 * 1024 * 1024;
export const LIST_COLUMNS = ["customer_id", "amount"] as const;
/** Row problems kept to show; every one is counted. */
export const MAX_LIST_PROBLEMS = 100;

/** A row that passed every check: its line (the header is line 1), the trimmed ID, the canonical amount. */
export interface ListRow {
  line: number;
  customerId: string;
  amount: string | null;
}

/** What is wrong with a row; the message starts with the field's name ("customer_id: …", "amount: …"). */
export interface ListProblem {
  line: number;
  message: string;
}

/**
 * The file read: how many data rows it has and whether they carry amounts, or why it is refused.
 * `error` is what is wrong with the file as a whole, or the count of row problems when there are
 * more than `problems` lists; null when `problems` lists every one. `rows` counts the data rows
 * read (with problems or not).
 */
export type ListFileResult =
  | { ok: true; rows: number; hasAmounts: boolean }
  | { ok: false; error: string | null; problems: ListProblem[]; rows: number };

const NOT_UTF8 = "The file is not UTF-8 text: save it as CSV UTF-8.";
const MIB = 1024 * 1024;
const count = (n: number) => n.toLocaleString("en-US");
const size = (bytes: number) => (bytes % MIB === 0 ? `${bytes / MIB} MB` : `${count(bytes)} bytes`);
const plural = (n: number, word: string) => `${count(n)} ${word}${n === 1 ? "" : "s"}`;

/** The columns a header names (trimmed, any case), or what is wrong with it. */
function headerColumns(record: CsvRecord): { names: string[] } | { error: string } {
  const names = record.fields.map((name) => name.trim().toLowerCase());
  const unknown = names.filter((name) => !(LIST_COLUMNS as readonly string[]).includes(name));
  if (unknown.length > 0)
    return {
      error: `The header names unknown column${unknown.length === 1 ? "" : "s"} ${unknown.map((n) => `"${n}"`).join(", ")}: the columns are ${LIST_COLUMNS.join(", ")}.`,
    };
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0) return { error: `The header names ${repeated[0]} twice.` };
  if (!names.includes("customer_id"))
    return {
      error: `The header lacks the column customer_id (the first row names the columns: ${LIST_COLUMNS.join(", ")}).`,
    };
  return { names };
}

/** One data row checked: the row to keep, or its problems. */
function checkRow(
  record: CsvRecord,
  names: string[],
  idAt: number,
  amountAt: number,
  separator: CsvSeparator,
): ListRow | string[] {
  const fields = record.fields;
  if (fields.length !== names.length)
    return [
      `has ${plural(fields.length, "field")}, the header has ${names.length}${
        separator === "," && fields.length > names.length && amountAt !== -1
          ? " (a decimal comma? amounts use a point: 1.5)"
          : ""
      }`,
    ];
  const problems: string[] = [];
  // The console's one Customer ID rule (docs/console.md, "Customer IDs"): trimmed, then checked.
  const customer = checkCustomerId(fields[idAt] ?? "");
  if (!customer.ok) problems.push(`customer_id: ${customer.problem}`);
  let amount: string | null = null;
  if (amountAt !== -1) {
    // The award form's amount rule, the one `amountText` applies (lib/awards/award-rules.ts).
    const text = (fields[amountAt] ?? "").trim();
    const problem =
      text === "" ? "is required on every row (the file has an amount column)" : amountProblem(text);
    if (problem) problems.push(`amount: ${problem}`);
    else amount = canonicalDecimal(text);
  }
  if (!customer.ok || problems.length > 0) return problems;
  return { line: record.line, customerId: customer.id, amount };
}

/**
 * Reads the file chunk by chunk; `onRows` gets valid rows in batches of at most `batchSize`
 * (default 5000), awaited (back-pressure). Row problems are collected (at most 100 kept, but all
 * counted in the message) and reading goes on so the person sees them; when any problem or a
 * whole-file error exists the result is not ok (the caller then discards what it wrote). Valid
 * rows keep going to `onRows` after a row problem, so the caller can report its own problems
 * (repeated Customer IDs, which are not looked for here: the database finds them) for the whole
 * file at once. A whole-file error (too large, too many rows, not UTF-8, not CSV, a bad header)
 * stops the reading; the rows of a last, partial batch are then not handed over.
 */
export async function readListFile(
  source: AsyncIterable<Uint8Array>,
  onRows: (rows: ListRow[]) => Promise<void>,
  options: { batchSize?: number; maxPlayers?: number; maxBytes?: number } = {},
): Promise<ListFileResult> {
  const batchSize = Math.max(1, options.batchSize ?? 5000);
  const maxPlayers = options.maxPlayers ?? MAX_LIST_PLAYERS;
  const maxBytes = options.maxBytes ?? MAX_LIST_BYTES;

  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  let bytes = 0;
  /** Text before the first line end: the separator is not known until the header line is whole. */
  let head = "";
  let tokenizer: CsvRecordReader | null = null;
  let separator: CsvSeparator = ",";
  let names: string[] | null = null;
  let idAt = -1;
  let amountAt = -1;
  let rows = 0;
  let problemCount = 0;
  const problems: ListProblem[] = [];
  let batch: ListRow[] = [];

  const failed = (error: string | null): ListFileResult => ({
    ok: false,
    error,
    problems,
    rows,
  });

  /** Takes the records a piece of text completed; answers a whole-file error, or null. */
  const take = async (records: CsvRecord[] | CsvRecordError): Promise<string | null> => {
    if ("error" in records) return `Line ${records.line} ${records.error}.`;
    for (const record of records) {
      if (names === null) {
        const header = headerColumns(record);
        if ("error" in header) return header.error;
        names = header.names;
        idAt = names.indexOf("customer_id");
        amountAt = names.indexOf("amount");
        continue;
      }
      rows += 1;
      if (rows > maxPlayers)
        return `The file has more than ${plural(maxPlayers, "player")}: a list takes at most ${count(maxPlayers)}.`;
      const checked = checkRow(record, names, idAt, amountAt, separator);
      if (Array.isArray(checked)) {
        for (const message of checked) {
          problemCount += 1;
          if (problems.length < MAX_LIST_PROBLEMS) problems.push({ line: record.line, message });
        }
        continue;
      }
      batch.push(checked);
      if (batch.length >= batchSize) {
        const full = batch;
        batch = [];
        await onRows(full);
      }
    }
    return null;
  };

  /** The tokenizer, once the header line is whole: its separator decides the file's. */
  const open = (headerLine: string): CsvRecordReader => {
    separator = separatorOf(headerLine);
    tokenizer = csvRecords(separator);
    return tokenizer;
  };

  /** Feeds decoded text: held until the header line ends, then through the tokenizer. */
  const feed = async (text: string): Promise<string | null> => {
    if (tokenizer) return take(tokenizer.push(text));
    head += text;
    const lineEnd = head.search(/[\r\n]/);
    if (lineEnd === -1) return null;
    const held = head;
    head = "";
    return take(open(held.slice(0, lineEnd)).push(held));
  };

  /** The end of the text: a header line with no line end, then the last record. */
  const finish = async (): Promise<string | null> => {
    let reader = tokenizer;
    if (!reader) {
      if (head === "") return null;
      reader = open(head);
      const error = await take(reader.push(head));
      if (error) return error;
    }
    return take(reader.end());
  };

  for await (const chunk of source) {
    bytes += chunk.byteLength;
    if (bytes > maxBytes) return failed(`The file is larger than ${size(maxBytes)}.`);
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      return failed(NOT_UTF8);
    }
    const error = await feed(text);
    if (error) return failed(error);
  }
  let rest: string;
  try {
    rest = decoder.decode();
  } catch {
    return failed(NOT_UTF8);
  }
  const error = (await feed(rest)) ?? (await finish());
  if (error) return failed(error);
  if (names === null) return failed("The file is empty.");
  if (rows === 0) return failed("The file has a header but no rows.");
  if (batch.length > 0) await onRows(batch);
  if (problemCount > 0)
    return failed(
      problemCount > problems.length
        ? `The rows have ${plural(problemCount, "problem")}; the first ${problems.length} are listed.`
        : null,
    );
  return { ok: true, rows, hasAmounts: amountAt !== -1 };
}
