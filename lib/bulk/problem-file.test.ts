import { describe, expect, it } from "vitest";
import { COLUMNS, type CsvRow } from "./csv";
import { problemFile } from "./problem-file";

const fields = (customerId: string, amount = "1"): CsvRow["fields"] => ({
  ...(Object.fromEntries(COLUMNS.map((c) => [c, ""])) as CsvRow["fields"]),
  customer_id: customerId,
  token: "GOLD",
  amount,
  mode: "allowance",
});

describe("the dry run's error and warning file", () => {
  it("lists errors and warnings in file order with a column saying which, fields as written", () => {
    const text = problemFile(
      [
        {
          line: 4,
          fields: fields("p4", "1,5"),
          problems: ["amount: must use a point for decimals, not a comma"],
        },
      ],
      [
        {
          line: 2,
          fields: fields(" player-1001 "),
          problems: [
            "customer_id: new player: no tokens or items yet",
            "repeats line 1 (the same award again)",
          ],
        },
        { line: 7, fields: fields("p7"), problems: ["amount: will wait in the queue for project funds"] },
      ],
    );
    expect(text.split("\r\n")).toEqual([
      "line,kind,customer_id,token,contract,amount,mode,wallet,mintable,problems",
      '2,warning," player-1001 ",GOLD,,1,allowance,,,"customer_id: new player: no tokens or items yet; repeats line 1 (the same award again)"',
      '4,error,p4,GOLD,,"1,5",allowance,,,"amount: must use a point for decimals, not a comma"',
      "7,warning,p7,GOLD,,1,allowance,,,amount: will wait in the queue for project funds",
      "",
    ]);
  });

  it("writes a Customer ID that is a spreadsheet formula as text", () => {
    const text = problemFile([{ line: 2, fields: fields("=HYPERLINK(1)"), problems: ["-x"] }], []);
    expect(text.split("\r\n")[1]).toBe(`2,error,"'=HYPERLINK(1)",GOLD,,1,allowance,,,"'-x"`);
  });
});
