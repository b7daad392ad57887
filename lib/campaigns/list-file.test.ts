import { describe, expect, it } from "vitest";
import { type ListFileResult, type ListRow, readListFile } from "./list-file";

const encode = (text: string) => new TextEncoder().encode(text);

/** The bytes in chunks of `size`, counting how many chunks were read. */
function chunked(bytes: Uint8Array, size: number, read = { chunks: 0 }): AsyncIterable<Uint8Array> {
  return {
    async *[Symbol.asyncIterator]() {
      for (let at = 0; at < bytes.length; at += size) {
        read.chunks += 1;
        yield bytes.slice(at, at + size);
      }
    },
  };
}

/** Reads `file` in chunks of `size` bytes: the result, every row handed over, and each batch's size. */
async function read(
  file: string | Uint8Array,
  size = 64 * 1024,
  options: Parameters<typeof readListFile>[2] = {},
): Promise<{ result: ListFileResult; rows: ListRow[]; batches: number[] }> {
  const rows: ListRow[] = [];
  const batches: number[] = [];
  const result = await readListFile(
    chunked(typeof file === "string" ? encode(file) : file, size),
    async (batch) => {
      batches.push(batch.length);
      rows.push(...batch);
    },
    options,
  );
  return { result, rows, batches };
}

describe("reading a campaign's player list", () => {
  it("reads a list of Customer IDs with no amounts, trimming IDs and keeping line numbers", async () => {
    const { result, rows } = await read('customer_id\r\nplayer-1\r\n\r\n  player-2  \r\n" player-3"\r\n');
    expect(result).toEqual({ ok: true, rows: 3, hasAmounts: false });
    expect(rows).toEqual([
      { line: 2, customerId: "player-1", amount: null },
      { line: 4, customerId: "player-2", amount: null },
      { line: 5, customerId: "player-3", amount: null },
    ]);
  });

  it("reads per-player amounts as canonical exact text, columns in any order and case", async () => {
    const { result, rows } = await read(
      ' Amount ,CUSTOMER_ID\n1.50,p1\n007,p2\n1234567890.000000000000000001,p3\n" 2 ",p4',
    );
    expect(result).toEqual({ ok: true, rows: 4, hasAmounts: true });
    expect(rows).toEqual([
      { line: 2, customerId: "p1", amount: "1.5" },
      { line: 3, customerId: "p2", amount: "7" },
      { line: 4, customerId: "p3", amount: "1234567890.000000000000000001" },
      { line: 5, customerId: "p4", amount: "2" },
    ]);
  });

  it("reads a semicolon file with a byte-order mark, quoted fields and an ID across lines refused", async () => {
    const { result, rows } = await read('\uFEFFcustomer_id;amount\n"a;b";2,5\nc;"3"\n"d\ne";1\n');
    expect(result).toEqual({
      ok: false,
      error: null,
      rows: 3,
      problems: [
        { line: 2, message: "amount: must use a point for decimals, not a comma" },
        { line: 4, message: "customer_id: must not contain control characters" },
      ],
    });
    expect(rows).toEqual([{ line: 3, customerId: "c", amount: "3" }]);
    const good = await read('\uFEFFcustomer_id;amount\n"a;b";2.5\nc;"3"\n');
    expect(good.result).toEqual({ ok: true, rows: 2, hasAmounts: true });
    expect(good.rows).toEqual([
      { line: 2, customerId: "a;b", amount: "2.5" },
      { line: 3, customerId: "c", amount: "3" },
    ]);
  });

  it("takes the separator from the header line alone, also when lines end in CR only", async () => {
    // The whole text has as many commas as semicolons: only the header line says ";".
    const { result, rows } = await read("customer_id;amount\rp,q,r;1\r", 4);
    expect(result).toEqual({ ok: true, rows: 1, hasAmounts: true });
    expect(rows).toEqual([{ line: 2, customerId: "p,q,r", amount: "1" }]);
  });

  it("gives the same answer whatever the chunks: 1 and 7 bytes, characters of several bytes split", async () => {
    const file = encode(
      '\uFEFFcustomer_id,amount\r\n"joueur-é ""ü""",1.5\r\nспортсмен,2\r\n"玩家\r\n🎮",3\r\nx,-1\r\n😀,0.000000000000000001\r\n',
    );
    const whole = await read(file, file.length);
    expect(whole.result).toEqual({
      ok: false,
      error: null,
      rows: 5,
      problems: [
        { line: 4, message: "customer_id: must not contain control characters" },
        { line: 6, message: "amount: must be positive: an award only adds tokens" },
      ],
    });
    for (const size of [1, 2, 3, 7]) expect(await read(file, size)).toEqual(whole);

    const good = encode(
      '\uFEFFcustomer_id;amount\n"joueur-é ""ü""";1.5\nспортсмен;2\n🎮;3\n😀;0.000000000000000001',
    );
    const expected = {
      result: { ok: true, rows: 4, hasAmounts: true },
      rows: [
        { line: 2, customerId: 'joueur-é "ü"', amount: "1.5" },
        { line: 3, customerId: "спортсмен", amount: "2" },
        { line: 4, customerId: "🎮", amount: "3" },
        { line: 5, customerId: "😀", amount: "0.000000000000000001" },
      ],
      batches: [4],
    };
    for (const size of [1, 2, 3, 7, good.length]) expect(await read(good, size)).toEqual(expected);
  });

  it("names the line and the field of every row problem, and hands over the valid rows all the same", async () => {
    const file = [
      "customer_id,amount",
      "ok-1,5",
      ",5",
      "p\u200b,5",
      "p3,",
      "p4,abc",
      "p5,1,5",
      "p6",
      "..,0",
      "ok-2,5",
    ].join("\n");
    const { result, rows } = await read(file, 7, { batchSize: 1 });
    expect(result).toEqual({
      ok: false,
      error: null,
      rows: 9,
      problems: [
        { line: 3, message: "customer_id: must not be empty" },
        {
          line: 4,
          message:
            "customer_id: must not contain invisible characters (zero-width spaces or direction marks)",
        },
        { line: 5, message: "amount: is required on every row (the file has an amount column)" },
        { line: 6, message: "amount: must be a number like 25 or 0.5" },
        { line: 7, message: "has 3 fields, the header has 2 (a decimal comma? amounts use a point: 1.5)" },
        { line: 8, message: "has 1 field, the header has 2" },
        { line: 9, message: 'customer_id: must not be "." or ".."' },
        { line: 9, message: "amount: must be greater than 0" },
      ],
    });
    // The caller looks for repeated players in every valid row, before and after a problem.
    expect(rows).toEqual([
      { line: 2, customerId: "ok-1", amount: "5" },
      { line: 10, customerId: "ok-2", amount: "5" },
    ]);
  });

  it("keeps the first 100 problems and counts them all", async () => {
    const file = `customer_id,amount\n${"p,x\n".repeat(150)}`;
    const { result } = await read(file);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBe("The rows have 150 problems; the first 100 are listed.");
    expect(result.rows).toBe(150);
    expect(result.problems).toHaveLength(100);
    expect(result.problems[99]).toEqual({ line: 101, message: "amount: must be a number like 25 or 0.5" });
  });

  it("hands valid rows over in batches of at most the batch size", async () => {
    const file = `customer_id\n${Array.from({ length: 12 }, (_, i) => `p${i}`).join("\n")}\n`;
    const { result, rows, batches } = await read(file, 5, { batchSize: 5 });
    expect(result).toEqual({ ok: true, rows: 12, hasAmounts: false });
    expect(batches).toEqual([5, 5, 2]);
    expect(rows.map((row) => row.customerId)).toEqual(Array.from({ length: 12 }, (_, i) => `p${i}`));
  });

  it("waits for each batch before reading on", async () => {
    const file = encode(`customer_id\n${"p\n".repeat(6)}`);
    const log: string[] = [];
    const source: AsyncIterable<Uint8Array> = {
      async *[Symbol.asyncIterator]() {
        for (let at = 0; at < file.length; at += 4) {
          log.push(`read ${at}`);
          yield file.slice(at, at + 4);
        }
      },
    };
    const result = await readListFile(
      source,
      async (batch) => {
        log.push(`batch ${batch.length} start`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.push(`batch ${batch.length} end`);
      },
      { batchSize: 2 },
    );
    expect(result).toEqual({ ok: true, rows: 6, hasAmounts: false });
    expect(log).toEqual([
      "read 0",
      "read 4",
      "read 8",
      "read 12",
      "batch 2 start",
      "batch 2 end",
      "read 16",
      "batch 2 start",
      "batch 2 end",
      "read 20",
      "batch 2 start",
      "batch 2 end",
    ]);
  });

  it("stops reading a file with more players than allowed", async () => {
    const file = encode(`customer_id\n${"p\n".repeat(1000)}`);
    const counted = { chunks: 0 };
    const rows: ListRow[] = [];
    const result = await readListFile(
      chunked(file, 10, counted),
      async (batch) => {
        rows.push(...batch);
      },
      { maxPlayers: 3, batchSize: 2 },
    );
    expect(result).toEqual({
      ok: false,
      error: "The file has more than 3 players: a list takes at most 3.",
      problems: [],
      rows: 4,
    });
    // "customer_i", then "d\np\np\np\np\n" holds the fourth row: reading stops there.
    expect(counted.chunks).toBe(2);
    expect((await read(`customer_id\n${"p\n".repeat(3)}`, 10, { maxPlayers: 3 })).result).toEqual({
      ok: true,
      rows: 3,
      hasAmounts: false,
    });
    expect((await read(`customer_id\n${"p\n".repeat(1_000_001)}`)).result).toMatchObject({
      ok: false,
      error: "The file has more than 1,000,000 players: a list takes at most 1,000,000.",
    });
  });

  it("stops reading a file larger than allowed", async () => {
    const counted = { chunks: 0 };
    const result = await readListFile(
      chunked(encode(`customer_id\n${"p\n".repeat(100)}`), 8, counted),
      async () => {},
      { maxBytes: 20 },
    );
    // Two chunks (16 bytes: the header and two rows) fit; the third passes 20 bytes.
    expect(result).toEqual({ ok: false, error: "The file is larger than 20 bytes.", problems: [], rows: 2 });
    expect(counted.chunks).toBe(3);
    const exact = await read("customer_id\np\nq\n", 3, { maxBytes: 16 });
    expect(exact.result).toEqual({ ok: true, rows: 2, hasAmounts: false });
  });

  it("refuses text that is not UTF-8, also a character cut off at the end", async () => {
    const error = "The file is not UTF-8 text: save it as CSV UTF-8.";
    const bad = Uint8Array.from([...encode("customer_id\np"), 0xff, 0x0a]);
    for (const size of [1, 64]) expect((await read(bad, size)).result).toMatchObject({ ok: false, error });
    const cut = encode("customer_id\nü").slice(0, -1);
    expect((await read(cut, 1)).result).toMatchObject({ ok: false, error });
    expect((await read(encode("customer_id\nü"), 1)).result).toEqual({
      ok: true,
      rows: 1,
      hasAmounts: false,
    });
  });

  it.each([
    ["", "The file is empty."],
    [" \r\n\n", "The file is empty."],
    ["customer_id", "The file has a header but no rows."],
    ["\uFEFFcustomer_id;amount\r\n\r\n", "The file has a header but no rows."],
    [
      "customer_id,token,colour\np,GOLD,red\n",
      'The header names unknown columns "token", "colour": the columns are customer_id, amount.',
    ],
    [
      "amount\n5\n",
      "The header lacks the column customer_id (the first row names the columns: customer_id, amount).",
    ],
    ["customer_id,Customer_ID\np,q\n", "The header names customer_id twice."],
    ['customer_id\n"p\n', "Line 2 has a quote that is never closed."],
    ['customer_id\np"q\n', "Line 2 has a quote inside an unquoted field."],
    ['customer_id\n"p"q\n', "Line 2 has text after a closing quote."],
  ])("refuses %j: %s", async (text, error) => {
    for (const size of [1, 7, 1024]) {
      const { result, rows } = await read(text, size);
      expect(result).toEqual({ ok: false, error, problems: [], rows: 0 });
      expect(rows).toEqual([]);
    }
  });
});
