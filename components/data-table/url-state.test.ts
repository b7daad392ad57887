import { describe, expect, it } from "vitest";
import { paramName, readTableView, search, writeTableView } from "./url-state";

const url = (text: string) => new URLSearchParams(text);

describe("a table's view in the URL", () => {
  it("reads sort, filter, facets and page under plain names for a page's only table", () => {
    expect(readTableView(url("sort=title.desc&q=blade&type=2&page=3"), { filterIds: ["type"] })).toEqual({
      sorting: [{ id: "title", desc: true }],
      globalFilter: "blade",
      columnFilters: [{ id: "type", value: "2" }],
      pageIndex: 2,
    });
  });

  it("reads an empty or broken URL as the first page, unsorted, unfiltered", () => {
    for (const text of ["", "page=0", "page=-4", "page=x", "page=1.5e3"])
      expect(readTableView(url(text)).pageIndex, text).toBe(0);
    expect(readTableView(url("sort=")).sorting).toEqual([]);
    expect(readTableView(url("sort=amount")).sorting).toEqual([{ id: "amount", desc: false }]);
  });

  it("keeps two tables on one page apart: each reads only its own names", () => {
    const both = url("tokens.sort=symbol.desc&tokens.page=2&awards.q=gift&sort=other&page=9");
    expect(readTableView(both, { key: "tokens" })).toEqual({
      sorting: [{ id: "symbol", desc: true }],
      globalFilter: "",
      columnFilters: [],
      pageIndex: 1,
    });
    expect(readTableView(both, { key: "awards" })).toEqual({
      sorting: [],
      globalFilter: "gift",
      columnFilters: [],
      pageIndex: 0,
    });
    expect(
      readTableView(url("queue.chain=Polygon&chain=DB"), { key: "queue", filterIds: ["chain"] })
        .columnFilters,
    ).toEqual([{ id: "chain", value: "Polygon" }]);
  });

  it("writes one table's change without touching another table's or the page's own parameters", () => {
    const before = url("customer=ab&funding.sort=gap.desc&queue.page=2");
    const after = writeTableView(before, { sorting: [{ id: "age", desc: false }] }, { key: "queue" });
    expect(after.get("customer")).toBe("ab");
    expect(after.get("funding.sort")).toBe("gap.desc");
    expect(after.get("queue.sort")).toBe("age");
    // A new order starts again at the first page of that table only.
    expect(after.has("queue.page")).toBe(false);
    expect(before.get("queue.page")).toBe("2");
  });

  it("drops a parameter that returns to its default and resets the page on a new filter", () => {
    const start = url("q=potion&type=2&page=3&sort=title");
    const cleared = writeTableView(start, { globalFilter: "", columnFilters: [] }, { filterIds: ["type"] });
    expect(search(cleared)).toBe("?sort=title");
    expect(search(writeTableView(url("page=3"), { pageIndex: 0 }))).toBe("");
    expect(writeTableView(url(""), { pageIndex: 4 }, { key: "t" }).get("t.page")).toBe("5");
    expect(writeTableView(url("sort=a"), { sorting: [] }).has("sort")).toBe(false);
  });

  it("round-trips: what is written reads back the same", () => {
    const options = { key: "items", filterIds: ["chain"] };
    const view = {
      sorting: [{ id: "name", desc: true }],
      globalFilter: "sword & shield",
      columnFilters: [{ id: "chain", value: "Polygon" }],
      pageIndex: 3,
    };
    expect(readTableView(writeTableView(url("x=1"), view, options), options)).toEqual(view);
    expect(paramName("sort", "items")).toBe("items.sort");
    expect(paramName("sort")).toBe("sort");
  });
});
