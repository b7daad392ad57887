import { describe, expect, it } from "vitest";
import {
  type CsvRecord,
  type CsvRecordError,
  type CsvSeparator,
  csvRecords,
  separatorOf,
} from "./csv-records";

/** Feeds `pieces` in order, then ends: all records, or the first error. */
function feed(pieces: string[], separator: CsvSeparator = ","): CsvRecord[] | CsvRecordError {
  const tokenizer = csvRecords(separator);
  const all: CsvRecord[] = [];
  for (const piece of pieces) {
    const pushed = tokenizer.push(piece);
    if ("error" in pushed) return pushed;
    all.push(...pushed);
  }
  const last = tokenizer.end();
  return "error" in last ? last : [...all, ...last];
}

/** Every way of cutting `text` in two, and in three. */
function splits(text: string): string[][] {
  const out: string[][] = [];
  for (let a = 0; a <= text.length; a += 1) {
    out.push([text.slice(0, a), text.slice(a)]);
    for (let b = a; b <= text.length; b += 1) out.push([text.slice(0, a), text.slice(a, b), text.slice(b)]);
  }
  return out;
}

const TRICKY = [
  'a,b\r\n"x ""y""",  z  \r\n\r\n"multi\r\nline\nfield",2\r"end"',
  '"",""""\n"a""",b\n\n  \n"lone\rcr",q\r\n',
  ' "spaced" ,"kept "  ,x\r\n',
  '"a"\r\n"b"\r"c"\n"d"',
];

describe("the CSV tokenizer", () => {
  it("reads quoted fields, doubled quotes, fields across lines, CR, LF and CRLF, and skips blank lines", () => {
    expect(feed([TRICKY[0] as string])).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ['x "y"', "z"] },
      { line: 4, fields: ["multi\r\nline\nfield", "2"] },
      { line: 7, fields: ["end"] },
    ]);
    expect(feed([TRICKY[1] as string])).toEqual([
      { line: 1, fields: ["", '"'] },
      { line: 2, fields: ['a"', "b"] },
      // A CR inside quotes is text, not a new line (only LF counts inside quotes).
      { line: 5, fields: ["lone\rcr", "q"] },
    ]);
  });

  it("trims unquoted fields only: space around a quoted field is dropped before it, kept after it", () => {
    expect(feed([TRICKY[2] as string])).toEqual([{ line: 1, fields: ["spaced ", "kept   ", "x"] }]);
  });

  it("splits on the separator it is given only", () => {
    expect(feed(['a;b,c;"d;e"\n'], ";")).toEqual([{ line: 1, fields: ["a", "b,c", "d;e"] }]);
    expect(feed(["a;b,c\n"], ",")).toEqual([{ line: 1, fields: ["a;b", "c"] }]);
  });

  it("answers nothing for empty or blank text", () => {
    expect(feed([""])).toEqual([]);
    expect(feed([" \r\n\n\r  "])).toEqual([]);
  });

  it("gives the same records however the text is cut into pieces", () => {
    for (const text of TRICKY) {
      const whole = feed([text]);
      expect(Array.isArray(whole) && whole.length).toBeGreaterThan(0);
      for (const pieces of splits(text)) expect(feed(pieces), JSON.stringify(pieces)).toEqual(whole);
      expect(feed([...text])).toEqual(whole);
    }
  });

  it("answers the records each piece completes, the last one at the end", () => {
    const tokenizer = csvRecords(",");
    expect(tokenizer.push('a,"b')).toEqual([]);
    expect(tokenizer.push('"')).toEqual([]);
    expect(tokenizer.push('"",c\r')).toEqual([{ line: 1, fields: ["a", 'b"', "c"] }]);
    expect(tokenizer.push("\nd")).toEqual([]);
    expect(tokenizer.end()).toEqual([{ line: 2, fields: ["d"] }]);
  });

  it.each([
    ['a\n"b,c\nd\n', { error: "has a quote that is never closed", line: 2 }],
    ['a\nb\n"c\n""\nd', { error: "has a quote that is never closed", line: 3 }],
    ['a\n"x\ny"\np"q', { error: "has a quote inside an unquoted field", line: 4 }],
    ['a\r\nb,"c" d', { error: "has text after a closing quote", line: 2 }],
    ['"a" "b"', { error: "has a quote inside an unquoted field", line: 1 }],
  ])("refuses %j, naming the line", (text, error) => {
    expect(feed([text])).toEqual(error);
    for (const pieces of splits(text)) expect(feed(pieces)).toEqual(error);
  });

  it("keeps answering its error once it has one", () => {
    const tokenizer = csvRecords(",");
    expect(tokenizer.push('a\nb,x"y\nc\n')).toEqual({
      error: "has a quote inside an unquoted field",
      line: 2,
    });
    expect(tokenizer.push("d\n")).toEqual({ error: "has a quote inside an unquoted field", line: 2 });
    expect(tokenizer.end()).toEqual({ error: "has a quote inside an unquoted field", line: 2 });
  });
});

describe("the separator of a header", () => {
  it.each([
    ["customer_id,amount", ","],
    ["customer_id;amount", ";"],
    ["customer_id", ","],
    ['"a,b,c";d;e', ";"],
    ["a;b,c,d", ","],
  ] as const)("%j uses %j", (header, separator) => {
    expect(separatorOf(header)).toBe(separator);
  });
});
