import { describe, expect, it } from "vitest";
import { csvLine } from "@/lib/model/csv-out";
import { MAX_ROWS, parseAwardCsv } from "./csv";

const bytes = (text: string) => new TextEncoder().encode(text);
const parse = (text: string) => parseAwardCsv(bytes(text));
const HEADER = "customer_id,token,contract,amount,mode,wallet,mintable";

describe("parsing a bulk-award file", () => {
  it("reads a comma file with CRLF lines and a byte-order mark, keeping amounts as text", () => {
    const result = parse(
      `\uFEFF${HEADER}\r\nplayer-1,GOLD,DB,1234567.000000000000000001,allowance,,true\r\n`,
    );
    expect(result).toMatchObject({
      ok: true,
      separator: ",",
      rows: [
        {
          line: 2,
          problem: null,
          fields: {
            customer_id: "player-1",
            token: "GOLD",
            contract: "DB",
            amount: "1234567.000000000000000001",
            mode: "allowance",
            wallet: "",
            mintable: "true",
          },
        },
      ],
    });
  });

  it("reads a semicolon file, columns in any order and case, optional columns left out", () => {
    const result = parse("Amount;MODE;customer_id;token\n2.5;direct;p;GEM\n\n7;allowance;q;GOLD");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.separator).toBe(";");
    expect(
      result.rows.map((row) => [row.line, row.fields.customer_id, row.fields.amount, row.fields.wallet]),
    ).toEqual([
      [2, "p", "2.5", ""],
      [4, "q", "7", ""],
    ]);
  });

  it("reads quoted fields: separators, doubled quotes and line breaks inside; line numbers stay true", () => {
    const result = parse(
      `${HEADER}\n"a,b ""c""",GOLD,,1,allowance,,\n"multi\nline",GOLD,,2,allowance,,\nz,GOLD,,3,allowance,,\n`,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows.map((row) => [row.line, row.fields.customer_id])).toEqual([
      [2, 'a,b "c"'],
      [3, "multi\nline"],
      [5, "z"],
    ]);
  });

  it("marks a row whose field count differs from the header, naming a decimal comma", () => {
    const result = parse(`${HEADER}\np,GOLD,DB,1,5,allowance,,\nq,GOLD\n`);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows[0]?.problem).toBe(
      "has 8 fields, the header has 7 (a decimal comma? amounts use a point: 1.5)",
    );
    expect(result.rows[1]?.problem).toBe("has 2 fields, the header has 7");
  });

  it.each([
    ["", "The file is empty."],
    [HEADER, "The file has a header but no rows."],
    [
      "customer_id,token,amount,mode,colour\n",
      'The header names unknown column "colour": the columns are customer_id, token, contract, amount, mode, wallet, mintable.',
    ],
    [
      "customer_id,token,amount\n",
      "The header lacks the column mode (the first row names the columns: customer_id, token, contract, amount, mode, wallet, mintable).",
    ],
    ["customer_id,token,amount,mode,token\n", "The header names token twice."],
    [`${HEADER}\n"p,GOLD,,1,allowance,,\n`, "Line 2 has a quote that is never closed."],
    [`${HEADER}\np"x,GOLD,,1,allowance,,\n`, "Line 2 has a quote inside an unquoted field."],
    [`${HEADER}\n"p"x,GOLD,,1,allowance,,\n`, "Line 2 has text after a closing quote."],
  ])("refuses %j: %s", (text, error) => {
    expect(parse(text)).toMatchObject({ ok: false, error });
  });

  it("refuses text that is not UTF-8, files over 5 MB and over 10,000 rows", () => {
    expect(parseAwardCsv(Uint8Array.from([0x63, 0x75, 0xff, 0x0a]))).toMatchObject({
      ok: false,
      error: "The file is not UTF-8 text: save it as CSV UTF-8.",
    });
    expect(parseAwardCsv(new Uint8Array(5 * 1024 * 1024 + 1))).toMatchObject({
      ok: false,
      error: "The file is larger than 5 MB.",
    });
    const many = `customer_id,token,amount,mode\n${"p,GOLD,1,allowance\n".repeat(MAX_ROWS + 1)}`;
    expect(parse(many)).toMatchObject({
      ok: false,
      error: "The file has 10001 rows; at most 10000 are allowed in one batch.",
    });
    expect(parse(`customer_id,token,amount,mode\n${"p,GOLD,1,allowance\n".repeat(MAX_ROWS)}`).ok).toBe(true);
  });

  it("writes fields back quoted where needed", () => {
    expect(csvLine(["plain", "a,b", 'say "hi"', "two\nlines", " padded"])).toBe(
      'plain,"a,b","say ""hi""","two\nlines"," padded"\r\n',
    );
  });

  it("neutralises every cell a spreadsheet would run as a formula: a leading ' and quotes", () => {
    expect(
      csvLine(['=HYPERLINK("http://x")', "+1", "-2+3", "@SUM(A1)", "\tcmd", "\r=1", "a=b", "1-2", "'"]),
    ).toBe(`"'=HYPERLINK(""http://x"")","'+1","'-2+3","'@SUM(A1)","'\tcmd","'\r=1",a=b,1-2,'\r\n`);
  });

  it("reads a neutralised cell back as the text written (with its ' kept)", () => {
    const written = `customer_id,token,amount,mode\r\n${csvLine(["=cmd|' /C calc'!A0", "GOLD", "1", "allowance"])}`;
    const result = parse(written);
    expect(result.ok && result.rows[0]?.fields.customer_id).toBe("'=cmd|' /C calc'!A0");
  });
});
