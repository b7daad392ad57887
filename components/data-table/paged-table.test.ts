import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { renderAtAddress } from "@/testing/render-at-address";
import { type PagedColumn, PagedTable } from "./paged-table";

interface Holding {
  wallet: string;
  amount: string;
}

const columns: PagedColumn<Holding>[] = [
  { id: "wallet", header: "Wallet", text: (row) => row.wallet, cell: (row) => row.wallet },
  {
    id: "amount",
    header: "Amount",
    text: (row) => row.amount,
    sort: (a, b) => Number(a.amount) - Number(b.amount),
    cell: (row) => row.amount,
    meta: { numeric: true },
  },
];

// 30 holdings: wallet-01 … wallet-30, amounts 1 … 30.
const rows: Holding[] = Array.from({ length: 30 }, (_, i) => ({
  wallet: `wallet-${String(i + 1).padStart(2, "0")}`,
  amount: String(i + 1),
}));

function render(query: string, extra: { filter?: boolean; count?: boolean; rows?: Holding[] } = {}) {
  return renderAtAddress(
    "/players/p-1",
    query,
    createElement(PagedTable<Holding>, {
      noun: "holdings",
      rows,
      columns,
      getRowId: (row) => row.wallet,
      rowTestId: (row) => `row-${row.wallet}`,
      urlKey: "gold",
      ...extra,
    }),
  );
}

const shownWallets = (html: string) => [...html.matchAll(/data-testid="row-(wallet-\d+)"/g)].map((m) => m[1]);
const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]+)"/g)].map((m) => (m[1] as string).replaceAll("&amp;", "&"));

describe("a paged table", () => {
  it("renders one page of rows, and its pager links to the next page of this table only", () => {
    const html = render("awards.page=3");
    expect(shownWallets(html)).toEqual(rows.slice(0, 25).map((row) => row.wallet));
    expect(html).toContain("Page <!-- -->1<!-- --> of <!-- -->2");
    // The other table's view stays in the URL; this one's page is its own parameter.
    expect(hrefs(html)).toContain("/players/p-1?awards.page=3&gold.page=2");
  });

  it("the second page shows the rest and links back to the first", () => {
    const html = render("gold.page=2");
    expect(shownWallets(html)).toEqual(rows.slice(25).map((row) => row.wallet));
    expect(hrefs(html)).toContain("/players/p-1");
  });

  it("sorts as the URL says, marks the header, and its link flips the order", () => {
    const html = render("gold.sort=amount.desc");
    expect(shownWallets(html).slice(0, 2)).toEqual(["wallet-30", "wallet-29"]);
    expect(html).toMatch(/<th[^>]*aria-sort="descending"[^>]*>.*?Amount/);
    expect(hrefs(html)).toContain("/players/p-1?gold.sort=amount");
    // A column without a sort has no link in its header.
    expect(html).not.toMatch(/gold\.sort=wallet/);
  });

  it("a table of one row has no order to choose: plain headers, no sort links", () => {
    const html = render("gold.sort=amount.desc", { rows: rows.slice(0, 1) });
    expect(shownWallets(html)).toEqual(["wallet-01"]);
    expect(html).toMatch(/<th[^>]*>Amount<\/th>/);
    expect(html).not.toContain("aria-sort");
    expect(hrefs(html).filter((href) => href.includes("sort="))).toEqual([]);
  });

  it("filters by the URL's text and counts what matches", () => {
    const html = render("gold.q=wallet-1", { filter: true, count: true });
    expect(shownWallets(html)).toEqual(rows.slice(9, 19).map((row) => row.wallet));
    expect(html).toContain("10 of 30 holdings");
    expect(html).not.toContain("Page ");
    // The filter box shows what the URL filters by.
    expect(html).toMatch(/<input[^>]*value="wallet-1"/);
  });
});
