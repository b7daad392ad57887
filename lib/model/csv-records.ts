/**
 * The console's one CSV tokenizer (docs/console.md, "Bulk awards"): text in, records out, fed
 * in pieces so a file read from a stream never has to be whole in memory. Fields are optionally
 * in double quotes ("" is a quote inside one; a quoted field may span lines); lines end in CR,
 * LF or CRLF; a blank line is no record; an unquoted field is trimmed, a quoted one kept as
 * written. Plain text handling, no imports: the browser may load it too.
 */

export type CsvSeparator = "," | ";";

/** One record: the line it starts on (the file's first line is 1) and its fields as text. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** What makes the text no CSV, and the line where it shows. */
export interface CsvRecordError {
  error: string;
  line: number;
}

/**
 * A tokenizer fed text in pieces split anywhere (inside a quoted field, between CR and LF, right
 * after a quote that may be the first of a "" pair): `push` answers the records each piece
 * completes, `end` the last one. Once either answers an error, every later call answers it too.
 */
export interface CsvRecordReader {
  push(text: string): CsvRecord[] | CsvRecordError;
  end(): CsvRecord[] | CsvRecordError;
}

const QUOTE = 34; // "
const CR = 13;
const LF = 10;

/** Where the tokenizer is: outside quotes, inside them, or just past a quote inside them. */
const UNQUOTED = 0;
const QUOTED = 1;
/** A quote inside a quoted field: a second quote makes it "", anything else closes the field. */
const QUOTE_IN_QUOTED = 2;

function newlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) count += 1;
  return count;
}

/** A tokenizer for text separated by `separator` (see `separatorOf`). */
export function csvRecords(separator: CsvSeparator): CsvRecordReader {
  const sep = separator.charCodeAt(0);
  let line = 1;
  let start = 1;
  let fields: string[] = [];
  let field = "";
  let at: typeof UNQUOTED | typeof QUOTED | typeof QUOTE_IN_QUOTED = UNQUOTED;
  let wasQuoted = false;
  /** The last character was a CR ending a record: an LF right after it belongs to it. */
  let afterCR = false;
  let failed: CsvRecordError | null = null;
  let ended = false;

  const endField = () => {
    fields.push(wasQuoted ? field : field.trim());
    field = "";
    wasQuoted = false;
  };
  const endRecord = (out: CsvRecord[]) => {
    endField();
    // A blank line (one empty field) is no record.
    if (!(fields.length === 1 && fields[0] === "")) out.push({ line: start, fields });
    fields = [];
  };
  const fail = (error: string, where: number): CsvRecordError => {
    failed = { error, line: where };
    return failed;
  };

  return {
    push(text) {
      if (ended) throw new Error("csvRecords: push after end");
      if (failed) return failed;
      const out: CsvRecord[] = [];
      const n = text.length;
      let i = 0;
      while (i < n) {
        if (at === QUOTE_IN_QUOTED) {
          if (text.charCodeAt(i) === QUOTE) {
            field += '"';
            at = QUOTED;
            i += 1;
            continue;
          }
          at = UNQUOTED; // the quote closed the field; this character is read outside it
        }
        if (at === QUOTED) {
          const quote = text.indexOf('"', i);
          const stop = quote === -1 ? n : quote;
          const part = text.slice(i, stop);
          line += newlines(part);
          field += part;
          if (quote !== -1) at = QUOTE_IN_QUOTED;
          i = stop + 1;
          continue;
        }
        const c = text.charCodeAt(i);
        if (afterCR) {
          afterCR = false;
          if (c === LF) {
            i += 1;
            continue;
          }
        }
        if (c === QUOTE) {
          if (field.trim() !== "") return fail("has a quote inside an unquoted field", line);
          field = "";
          at = QUOTED;
          wasQuoted = true;
          i += 1;
          continue;
        }
        if (c === sep) {
          endField();
          i += 1;
          continue;
        }
        if (c === CR || c === LF) {
          endRecord(out);
          line += 1;
          start = line;
          afterCR = c === CR;
          i += 1;
          continue;
        }
        // A run of plain characters, taken at once.
        let j = i + 1;
        while (j < n) {
          const d = text.charCodeAt(j);
          if (d === QUOTE || d === sep || d === CR || d === LF) break;
          j += 1;
        }
        const part = text.slice(i, j);
        if (wasQuoted && part.trim() !== "") return fail("has text after a closing quote", line);
        field += part;
        i = j;
      }
      return out;
    },
    end() {
      if (failed) return failed;
      if (ended) throw new Error("csvRecords: end twice");
      ended = true;
      if (at === QUOTED) return fail("has a quote that is never closed", start);
      at = UNQUOTED;
      const out: CsvRecord[] = [];
      endRecord(out);
      return out;
    },
  };
}

/** The separator a header line uses: the one of `,` and `;` that appears in it more (outside quotes). */
export function separatorOf(header: string): CsvSeparator {
  const bare = header.replace(/"[^"]*"/g, "");
  const commas = bare.split(",").length - 1;
  const semicolons = bare.split(";").length - 1;
  return semicolons > commas ? ";" : ",";
}
