/**
 * The bulk-award file: UTF-8 CSV (with or without a byte-order mark), comma- or
 * semicolon-separated, fields optionally in double quotes ("" is a quote inside one; a quoted
 * field may span lines). The first row names the columns. Parsing is exact text: nothing here
 * turns an amount into a number.
 */

import { csvRecords, separatorOf } from "@/lib/model/csv-records";

export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_ROWS = 10_000;

export const COLUMNS = ["customer_id", "token", "contract", "amount", "mode", "wallet", "mintable"] as const;
export type Column = (typeof COLUMNS)[number];
const REQUIRED: readonly Column[] = ["customer_id", "token", "amount", "mode"];

/**
 * One data row: its line in the file (the header is line 1), its fields by column, and what is
 * wrong with its shape (a field count that differs from the header's), if anything.
 */
export interface CsvRow {
  line: number;
  fields: Record<Column, string>;
  problem: string | null;
}

export type CsvResult =
  | { ok: true; separator: "," | ";"; rows: CsvRow[] }
  | { ok: false; error: string; line?: number };

/** Decodes and parses a bulk-award file, or says what is wrong with it as a whole. */
export function parseAwardCsv(bytes: Uint8Array): CsvResult {
  if (bytes.byteLength > MAX_FILE_BYTES)
    return { ok: false, error: `The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB.` };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, error: "The file is not UTF-8 text: save it as CSV UTF-8." };
  }
  if (text.trim() === "") return { ok: false, error: "The file is empty." };
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const separator = separatorOf(firstLine);
  // The console's one tokenizer (lib/model/csv-records.ts), fed the whole text at once.
  const tokenizer = csvRecords(separator);
  const pushed = tokenizer.push(text);
  const last = tokenizer.end();
  const parsed = "error" in pushed ? pushed : "error" in last ? last : [...pushed, ...last];
  if ("error" in parsed)
    return { ok: false, error: `Line ${parsed.line} ${parsed.error}.`, line: parsed.line };
  const [header, ...data] = parsed;
  if (!header) return { ok: false, error: "The file is empty." };
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const unknown = names.filter((name) => !(COLUMNS as readonly string[]).includes(name));
  if (unknown.length > 0)
    return {
      ok: false,
      error: `The header names unknown column${unknown.length === 1 ? "" : "s"} ${unknown.map((n) => `"${n}"`).join(", ")}: the columns are ${COLUMNS.join(", ")}.`,
      line: 1,
    };
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0) return { ok: false, error: `The header names ${repeated[0]} twice.`, line: 1 };
  const missing = REQUIRED.filter((column) => !names.includes(column));
  if (missing.length > 0)
    return {
      ok: false,
      error: `The header lacks the column${missing.length === 1 ? "" : "s"} ${missing.join(", ")} (the first row names the columns: ${COLUMNS.join(", ")}).`,
      line: 1,
    };
  if (data.length === 0) return { ok: false, error: "The file has a header but no rows." };
  if (data.length > MAX_ROWS)
    return {
      ok: false,
      error: `The file has ${data.length} rows; at most ${MAX_ROWS} are allowed in one batch.`,
    };
  const rows: CsvRow[] = [];
  for (const record of data) {
    const problem =
      record.fields.length === names.length
        ? null
        : `has ${record.fields.length} fields, the header has ${names.length}${
            separator === "," && record.fields.length > names.length
              ? " (a decimal comma? amounts use a point: 1.5)"
              : ""
          }`;
    const fields = Object.fromEntries(COLUMNS.map((column) => [column, ""])) as Record<Column, string>;
    names.forEach((name, index) => {
      fields[name as Column] = record.fields[index] ?? "";
    });
    rows.push({ line: record.line, fields, problem });
  }
  return { ok: true, separator, rows };
}
