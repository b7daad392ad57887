import type { ColumnFiltersState, SortingState } from "@tanstack/react-table";
import { TABLE_PAGE_SIZE } from "@/lib/pages/table-page";

/** Rows per page of every console table (and of the pages that page a table on the server). */
export const PAGE_SIZE = TABLE_PAGE_SIZE;

/**
 * A table's view as it sits in the URL: `sort=title.desc`, `q=blade`, `type=2`, `page=2`. A table
 * with a key reads and writes its own names (`tokens.sort`, `tokens.page`…), so two tables on one
 * page (a player's tokens and awards, the wallet's funding and queue) keep separate views. Plain
 * functions, shared by the client hook and by pages that sort and page on the server.
 */
export interface TableView {
  sorting: SortingState;
  globalFilter: string;
  columnFilters: ColumnFiltersState;
  /** Zero-based. */
  pageIndex: number;
}

export interface TableUrl {
  /** The table's namespace in the URL; none for a page's only table. */
  key?: string;
  /** Column ids filtered by an exact value (facets), each its own parameter. */
  filterIds?: readonly string[];
}

/** The URL parameter that holds one part of a table's view. */
export function paramName(part: string, key?: string): string {
  return key ? `${key}.${part}` : part;
}

export function readTableView(params: URLSearchParams, { key, filterIds = [] }: TableUrl = {}): TableView {
  const [id, direction] = (params.get(paramName("sort", key)) ?? "").split(".");
  const page = Number.parseInt(params.get(paramName("page", key)) ?? "", 10);
  return {
    sorting: id ? [{ id, desc: direction === "desc" }] : [],
    globalFilter: params.get(paramName("q", key)) ?? "",
    columnFilters: filterIds.flatMap((filterId) => {
      const value = params.get(paramName(filterId, key));
      return value ? [{ id: filterId, value }] : [];
    }),
    pageIndex: Number.isSafeInteger(page) && page > 1 ? page - 1 : 0,
  };
}

/** A page's `searchParams` as URL parameters (a parameter given twice is ignored, as a table never writes one twice). */
export function pageParams(params: Record<string, string | string[] | undefined>): URLSearchParams {
  return new URLSearchParams(
    Object.entries(params).flatMap(([key, value]) => (typeof value === "string" ? [[key, value]] : [])),
  );
}

/**
 * The URL parameters with one part of the table's view changed; the rest of the URL (other
 * tables, the page's own parameters) is kept. A new sort or filter starts again at page 1.
 */
export function writeTableView(
  params: URLSearchParams,
  change: Partial<TableView>,
  { key, filterIds = [] }: TableUrl = {},
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (part: string, value: string) => {
    if (value) next.set(paramName(part, key), value);
    else next.delete(paramName(part, key));
  };
  if (change.sorting) {
    const [first] = change.sorting;
    set("sort", first ? `${first.id}${first.desc ? ".desc" : ""}` : "");
  }
  if (change.globalFilter !== undefined) set("q", change.globalFilter);
  if (change.columnFilters) {
    for (const filterId of filterIds) {
      const value = change.columnFilters.find((filter) => filter.id === filterId)?.value;
      set(filterId, typeof value === "string" ? value : "");
    }
  }
  if (change.pageIndex !== undefined) set("page", change.pageIndex > 0 ? String(change.pageIndex + 1) : "");
  else if (change.sorting || change.globalFilter !== undefined || change.columnFilters) set("page", "");
  return next;
}

/** `?a=1` for a non-empty query, "" otherwise: `${pathname}${search(params)}`. */
export function search(params: URLSearchParams): string {
  const query = params.toString();
  return query ? `?${query}` : "";
}
