import { describe, expect, it } from "vitest";
import { PRODUCT_TABLE, type ProductRow } from "@/lib/catalogue/product-rows";
import { compareText, type RequestedView, type ServerTable, tablePage } from "./table-page";

interface Fruit {
  name: string;
  colour: string;
  weight: number;
}

const FRUIT: Fruit[] = [
  { name: "banana", colour: "yellow", weight: 120 },
  { name: "Apple", colour: "red", weight: 150 },
  { name: "cherry", colour: "red", weight: 5 },
  { name: "apricot", colour: "orange", weight: 35 },
  { name: "Blueberry", colour: "blue", weight: 2 },
];

const TABLE: ServerTable<Fruit> = {
  text: (fruit) => [fruit.name],
  sorts: { name: (a, b) => compareText(a.name, b.name), weight: (a, b) => a.weight - b.weight },
  facets: { colour: (fruit) => fruit.colour },
};

const view = (change: Partial<RequestedView> = {}): RequestedView => ({
  sorting: [],
  globalFilter: "",
  columnFilters: [],
  pageIndex: 0,
  ...change,
});
const names = (rows: Fruit[]) => rows.map((fruit) => fruit.name);

describe("tablePage", () => {
  it("cuts the rows into pages in the order they came, and counts them all", () => {
    expect(tablePage(FRUIT, view(), TABLE, 2)).toEqual({ rows: FRUIT.slice(0, 2), rowCount: 5 });
    expect(names(tablePage(FRUIT, view({ pageIndex: 2 }), TABLE, 2).rows)).toEqual(["Blueberry"]);
  });

  it("shows the last page for a page past it, and the first for a negative one", () => {
    expect(names(tablePage(FRUIT, view({ pageIndex: 9 }), TABLE, 2).rows)).toEqual(["Blueberry"]);
    expect(names(tablePage(FRUIT, view({ pageIndex: -3 }), TABLE, 2).rows)).toEqual(["banana", "Apple"]);
    expect(tablePage([], view({ pageIndex: 4 }), TABLE, 2)).toEqual({ rows: [], rowCount: 0 });
  });

  it("filters by text whatever its case and the spaces around it", () => {
    const page = tablePage(FRUIT, view({ globalFilter: "  AP " }), TABLE);
    expect(names(page.rows)).toEqual(["Apple", "apricot"]);
    expect(page.rowCount).toBe(2);
  });

  it("filters by a facet exactly, together with the text; an empty or unknown facet filters nothing", () => {
    expect(
      names(tablePage(FRUIT, view({ columnFilters: [{ id: "colour", value: "red" }] }), TABLE).rows),
    ).toEqual(["Apple", "cherry"]);
    expect(
      names(
        tablePage(FRUIT, view({ globalFilter: "ch", columnFilters: [{ id: "colour", value: "red" }] }), TABLE)
          .rows,
      ),
    ).toEqual(["cherry"]);
    expect(tablePage(FRUIT, view({ columnFilters: [{ id: "colour", value: "re" }] }), TABLE).rowCount).toBe(
      0,
    );
    expect(tablePage(FRUIT, view({ columnFilters: [{ id: "colour", value: "" }] }), TABLE).rowCount).toBe(5);
    expect(tablePage(FRUIT, view({ columnFilters: [{ id: "taste", value: "sweet" }] }), TABLE).rowCount).toBe(
      5,
    );
  });

  it("sorts by the named column, either way, case-blind for text; an unknown sort keeps the order", () => {
    expect(names(tablePage(FRUIT, view({ sorting: [{ id: "name", desc: false }] }), TABLE).rows)).toEqual([
      "Apple",
      "apricot",
      "banana",
      "Blueberry",
      "cherry",
    ]);
    expect(names(tablePage(FRUIT, view({ sorting: [{ id: "weight", desc: true }] }), TABLE, 2).rows)).toEqual(
      ["Apple", "banana"],
    );
    expect(names(tablePage(FRUIT, view({ sorting: [{ id: "toString", desc: false }] }), TABLE).rows)).toEqual(
      names(FRUIT),
    );
  });

  it("sorts before it pages: page 2 continues page 1's order", () => {
    const sorted = view({ sorting: [{ id: "weight", desc: false }] });
    expect(names(tablePage(FRUIT, { ...sorted, pageIndex: 1 }, TABLE, 2).rows)).toEqual([
      "apricot",
      "banana",
    ]);
  });

  it("leaves the rows it is given as they were", () => {
    const rows = [...FRUIT];
    tablePage(rows, view({ sorting: [{ id: "weight", desc: false }] }), TABLE);
    expect(rows).toEqual(FRUIT);
  });
});

describe("PRODUCT_TABLE", () => {
  const product = (guid: string, amount: string, unlimited = false): ProductRow => ({
    guid,
    imageUrl: "",
    title: { value: "Sword", language: "en", fallback: false },
    description: null,
    type: "2",
    typeName: "Item",
    unlimited,
    amount,
  });
  const products = [product("a", "10"), product("b", "", true), product("c", "9.5"), product("d", "0.25")];

  it("sorts amounts as exact decimals, unlimited above every amount", () => {
    const page = tablePage(products, view({ sorting: [{ id: "amount", desc: false }] }), PRODUCT_TABLE);
    expect(page.rows.map((row) => row.guid)).toEqual(["d", "c", "a", "b"]);
  });

  it("sorts by type, as its header offers", () => {
    const typed = [{ ...product("a", "1"), type: "4" }, product("b", "1")];
    const page = tablePage(typed, view({ sorting: [{ id: "type", desc: false }] }), PRODUCT_TABLE);
    expect(page.rows.map((row) => row.guid)).toEqual(["b", "a"]);
  });

  it("finds a product by its GUID as well as its texts", () => {
    expect(
      tablePage(products, view({ globalFilter: "c" }), PRODUCT_TABLE).rows.map((row) => row.guid),
    ).toEqual(["c"]);
  });
});
