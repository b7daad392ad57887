/**
 * One page of a table that the server filters, sorts and pages, for pages whose rows come whole
 * from the service (the catalogue: up to 32 MB of products). Only the page a person looks at is
 * rendered and sent to the browser, whatever the catalogue's size (docs/console.md, "Tables").
 * The view is the one the console's tables keep in the URL (components/data-table/url-state.ts).
 */

/** Rows per page, the same as every console table's. */
export const TABLE_PAGE_SIZE = 25;

/** A table's view as the URL names it: sort, text filter, exact-value facets, page (zero-based). */
export interface RequestedView {
  sorting: readonly { id: string; desc: boolean }[];
  globalFilter: string;
  columnFilters: readonly { id: string; value: unknown }[];
  pageIndex: number;
}

/** What the server knows of a table's columns: what the filter box searches, sorts, facets. */
export interface ServerTable<Row> {
  /** The texts of a row the filter box searches (a row matches when one of them contains it). */
  text: (row: Row) => readonly string[];
  /** Each sortable column's ascending order, by column id. */
  sorts: Readonly<Record<string, (a: Row, b: Row) => number>>;
  /** Each facet's value of a row, compared exactly, by column id. */
  facets?: Readonly<Record<string, (row: Row) => string>>;
}

export interface TablePage<Row> {
  rows: Row[];
  /** How many rows match the filters, on every page. */
  rowCount: number;
}

/** Text in a case-blind order, as the tables' `text` sort orders it on the client. */
export function compareText(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  return left === right ? 0 : left > right ? 1 : -1;
}

/**
 * Every row `view` matches, in its order: filtered (the text case-blind, facets exactly), sorted by
 * the first sort the table knows (ties keep the service's order). Unknown sorts and facets are
 * ignored, as a URL may name any. A list's export writes these (lib/api/define-csv-export.ts).
 */
export function tableRows<Row>(
  rows: readonly Row[],
  view: Omit<RequestedView, "pageIndex">,
  table: ServerTable<Row>,
): Row[] {
  const needle = view.globalFilter.trim().toLowerCase();
  const facets = view.columnFilters.flatMap(({ id, value }) => {
    const of = table.facets?.[id];
    return of && typeof value === "string" && value !== "" ? [{ of, value }] : [];
  });
  const matching = rows.filter(
    (row) =>
      facets.every(({ of, value }) => of(row) === value) &&
      (needle === "" || table.text(row).some((text) => text.toLowerCase().includes(needle))),
  );
  const sort = view.sorting.find(({ id }) => Object.hasOwn(table.sorts, id));
  if (sort) {
    const compare = table.sorts[sort.id] as (a: Row, b: Row) => number;
    matching.sort(sort.desc ? (a, b) => compare(b, a) : compare);
  }
  return matching;
}

/** The rows of `view`'s page of `tableRows`. A page past the last is the last, as the pager shows it. */
export function tablePage<Row>(
  rows: readonly Row[],
  view: RequestedView,
  table: ServerTable<Row>,
  pageSize = TABLE_PAGE_SIZE,
): TablePage<Row> {
  const matching = tableRows(rows, view, table);
  const lastPage = Math.max(0, Math.ceil(matching.length / pageSize) - 1);
  const start = Math.min(Math.max(0, view.pageIndex), lastPage) * pageSize;
  return { rows: matching.slice(start, start + pageSize), rowCount: matching.length };
}
