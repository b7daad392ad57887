"use client";
import type { ColumnFiltersState, PaginationState, SortingState, Updater } from "@tanstack/react-table";
import { functionalUpdate } from "@tanstack/react-table";
import { useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";

export const PAGE_SIZE = 25;

/**
 * A table's sorting, text filter, column filters and page, kept in the URL (`sort=title.desc`,
 * `q=blade`, `type=2`, `page=2`), so a view can be shared and survives a reload. Written with
 * history.replaceState: Next updates useSearchParams without a server round trip, since these
 * only reorder and filter rows already on the page.
 */
export function useUrlTableState(filterParams: readonly string[]) {
  const params = useSearchParams();

  const write = useCallback((change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(window.location.search);
    change(next);
    const query = next.toString();
    window.history.replaceState(null, "", `${window.location.pathname}${query ? `?${query}` : ""}`);
  }, []);

  const sorting = useMemo<SortingState>(() => {
    const [id, direction] = (params.get("sort") ?? "").split(".");
    return id ? [{ id, desc: direction === "desc" }] : [];
  }, [params]);
  const globalFilter = params.get("q") ?? "";
  const columnFilters = useMemo<ColumnFiltersState>(
    () =>
      filterParams.flatMap((id) => {
        const value = params.get(id);
        return value ? [{ id, value }] : [];
      }),
    [params, filterParams],
  );
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const pagination = useMemo<PaginationState>(() => ({ pageIndex: page - 1, pageSize: PAGE_SIZE }), [page]);

  const setSorting = useCallback(
    (updater: Updater<SortingState>) =>
      write((next) => {
        const [first] = functionalUpdate(updater, sorting);
        if (first) next.set("sort", `${first.id}${first.desc ? ".desc" : ""}`);
        else next.delete("sort");
      }),
    [write, sorting],
  );
  const setGlobalFilter = useCallback(
    (updater: Updater<string>) =>
      write((next) => {
        const value = String(functionalUpdate(updater, globalFilter) ?? "");
        if (value) next.set("q", value);
        else next.delete("q");
        next.delete("page");
      }),
    [write, globalFilter],
  );
  const setColumnFilters = useCallback(
    (updater: Updater<ColumnFiltersState>) =>
      write((next) => {
        const filters = functionalUpdate(updater, columnFilters);
        for (const id of filterParams) {
          const value = filters.find((filter) => filter.id === id)?.value;
          if (typeof value === "string" && value) next.set(id, value);
          else next.delete(id);
        }
        next.delete("page");
      }),
    [write, columnFilters, filterParams],
  );
  const setPagination = useCallback(
    (updater: Updater<PaginationState>) =>
      write((next) => {
        const { pageIndex } = functionalUpdate(updater, pagination);
        if (pageIndex > 0) next.set("page", String(pageIndex + 1));
        else next.delete("page");
      }),
    [write, pagination],
  );

  return {
    state: { sorting, globalFilter, columnFilters, pagination },
    onSortingChange: setSorting,
    onGlobalFilterChange: setGlobalFilter,
    onColumnFiltersChange: setColumnFilters,
    onPaginationChange: setPagination,
  };
}
