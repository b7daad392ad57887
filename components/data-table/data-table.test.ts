import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { renderAtAddress } from "@/testing/render-at-address";
import { DataTable } from "./data-table";
import { columnHelper } from "./features";

interface Price {
  guid: string;
  currency: string;
}

const column = columnHelper<Price>();
const columns = column.columns([column.accessor("currency", { header: "Currency" })]);
const prices = (count: number): Price[] =>
  Array.from({ length: count }, (_, i) => ({
    guid: `p-${i}`,
    currency: ["EUR", "USD", "GBP"][i % 3] as string,
  }));

/** The table as the server renders it, at /catalogue/prices. */
function render(rows: Price[]): string {
  return renderAtAddress(
    "/catalogue/prices",
    "",
    createElement(DataTable<Price>, { noun: "prices", rows, columns, getRowId: (row: Price) => row.guid }),
  );
}

describe("a data table's headers", () => {
  it("sort when there are rows to order", () => {
    expect(render(prices(3))).toMatch(/<th[^>]*><button type="button"[^>]*>Currency/);
  });

  it("are plain text for one row: nothing to order", () => {
    const html = render(prices(1));
    expect(html).toMatch(/<th[^>]*>Currency<\/th>/);
    expect(html).not.toContain("<button");
    expect(html).not.toContain("aria-sort");
  });
});
