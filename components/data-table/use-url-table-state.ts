"use client";
import type { ColumnFiltersState, PaginationState, SortingState, Updater } from "@tanstack/react-table";
import { functionalUpdate } from "@tanstack/react-table";
import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { PAGE_SIZE, readTableView, search, type TableUrl, type TableView, writeTableView } from "./url-state";

export interface UrlTableOptions extends TableUrl {
  pageSize?: number;
  /** The sort shown when the URL names none (the order the rows arrive in). */
  defaultSorting?: SortingState;
}

const NO_SORTING: SortingState = [];

/**
 * A table's sorting, text filter, column filters and page, kept in the URL (url-state.ts), so a
 * view can be shared and survives a reload. Written with history.replaceState: Next updates
 * useSearchParams without a server round trip, since these only reorder and filter rows already on
 * the page. `href` gives the link to a changed view, for tables the server sorts and pages.
 */
export function useUrlTableState({
  key,
  filterIds,
  pageSize = PAGE_SIZE,
  defaultSorting = NO_SORTING,
}: UrlTableOptions) {
  const params = useSearchParams();
  const pathname = usePathname();
  // Callers pass filterIds inline; their content, not their identity, decides the view.
  const filterKey = (filterIds ?? []).join("\n");
  const url = useMemo<TableUrl>(
    () => ({ key, filterIds: filterKey ? filterKey.split("\n") : [] }),
    [key, filterKey],
  );
  const view = useMemo(() => readTableView(new URLSearchParams(params.toString()), url), [params, url]);
  const sorting = view.sorting.length > 0 ? view.sorting : defaultSorting;

  const write = useCallback(
    (change: Partial<TableView>) => {
      const next = writeTableView(new URLSearchParams(window.location.search), change, url);
      window.history.replaceState(null, "", `${window.location.pathname}${search(next)}`);
    },
    [url],
  );
  const href = useCallback(
    (change: Partial<TableView>) =>
      `${pathname}${search(writeTableView(new URLSearchParams(params.toString()), change, url))}`,
    [pathname, params, url],
  );
  /** `href` of the address as it is now, for a change sent after the render that made it (typing). */
  const hrefNow = useCallback(
    (change: Partial<TableView>) =>
      `${window.location.pathname}${search(writeTableView(new URLSearchParams(window.location.search), change, url))}`,
    [url],
  );

  const pagination = useMemo<PaginationState>(
    () => ({ pageIndex: view.pageIndex, pageSize }),
    [view.pageIndex, pageSize],
  );

  return {
    href,
    hrefNow,
    state: { sorting, globalFilter: view.globalFilter, columnFilters: view.columnFilters, pagination },
    onSortingChange: (updater: Updater<SortingState>) =>
      write({ sorting: functionalUpdate(updater, sorting) }),
    onGlobalFilterChange: (updater: Updater<string>) =>
      write({ globalFilter: String(functionalUpdate(updater, view.globalFilter) ?? "") }),
    onColumnFiltersChange: (updater: Updater<ColumnFiltersState>) =>
      write({ columnFilters: functionalUpdate(updater, view.columnFilters) }),
    onPaginationChange: (updater: Updater<PaginationState>) =>
      write({ pageIndex: functionalUpdate(updater, pagination).pageIndex }),
  };
}
