"use client";
import { type ColumnDef, FlexRender, type RowData, useTable } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { type Features, features } from "./features";
import { useUrlTableState } from "./use-url-table-state";

/** A select above the table that filters one column by exact value (e.g. a product's type). */
export interface ColumnFacet {
  columnId: string;
  label: string;
  options: { value: string; label: string }[];
}

export interface DataTableProps<Row extends RowData> {
  /** What the table lists, for its caption and its filter box ("products"). */
  noun: string;
  rows: Row[];
  // biome-ignore lint/suspicious/noExplicitAny: columns of any value type, as TanStack declares them
  columns: readonly ColumnDef<Features, Row, any>[];
  getRowId: (row: Row) => string;
  facets?: readonly ColumnFacet[];
  /** Controls that belong to the page rather than the table (e.g. a language switcher). */
  toolbar?: ReactNode;
}

const NO_FACETS: readonly ColumnFacet[] = [];

/**
 * The console's one table (STYLE): sortable headers, a text filter across columns, optional
 * column facets, paging — all of it in the URL. Columns come from each feature's columns file.
 */
export function DataTable<Row extends RowData>({
  noun,
  rows,
  columns,
  getRowId,
  facets = NO_FACETS,
  toolbar,
}: DataTableProps<Row>) {
  const urlState = useUrlTableState(facets.map((facet) => facet.columnId));
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId,
    ...urlState,
    globalFilterFn: "includesString",
    autoResetPageIndex: false,
  });
  const shown = table.getPrePaginatedRowModel().rows.length;
  const pageCount = Math.max(1, table.getPageCount());
  const page = Math.min(urlState.state.pagination.pageIndex + 1, pageCount);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="table-filter" className="text-sm font-medium">
            Filter {noun}
          </label>
          <input
            id="table-filter"
            type="search"
            value={urlState.state.globalFilter}
            onChange={(event) => table.setGlobalFilter(event.target.value)}
            className="w-64 rounded-md border border-zinc-300 bg-white px-3 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          />
        </div>
        {facets.map((facet) => {
          const column = table.getColumn(facet.columnId);
          const value = urlState.state.columnFilters.find((f) => f.id === facet.columnId)?.value;
          return (
            <div key={facet.columnId} className="flex flex-col gap-1">
              <label htmlFor={`facet-${facet.columnId}`} className="text-sm font-medium">
                {facet.label}
              </label>
              <select
                id={`facet-${facet.columnId}`}
                value={typeof value === "string" ? value : ""}
                onChange={(event) => column?.setFilterValue(event.target.value || undefined)}
                className="rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900"
              >
                <option value="">All</option>
                {facet.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
        {toolbar}
      </div>
      <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            {noun[0]?.toUpperCase()}
            {noun.slice(1)}, {shown} shown
          </caption>
          <thead className="bg-zinc-50 text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={
                        sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined
                      }
                      className="px-3 py-2 font-medium"
                    >
                      {header.isPlaceholder ? null : header.column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="inline-flex items-center gap-1 uppercase hover:text-zinc-900 dark:hover:text-zinc-100"
                        >
                          <FlexRender header={header} />
                          <span aria-hidden="true">
                            {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
                          </span>
                        </button>
                      ) : (
                        <FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-t border-zinc-200 align-top dark:border-zinc-800">
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2">
                    <FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
            {shown === 0 ? (
              <tr>
                <td
                  colSpan={columns.length}
                  className="px-3 py-8 text-center text-zinc-600 dark:text-zinc-400"
                >
                  {rows.length === 0 ? `This project has no ${noun}.` : `No ${noun} match the filter.`}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <div className="flex items-center justify-between text-sm text-zinc-600 dark:text-zinc-400">
        <span data-testid="table-count">
          {shown} of {rows.length} {noun}
        </span>
        {pageCount > 1 ? (
          <div className="flex items-center gap-2">
            <button
              type="button"
              onClick={() => table.previousPage()}
              disabled={!table.getCanPreviousPage()}
              className="rounded-md border border-zinc-300 px-2 py-1 disabled:opacity-50 dark:border-zinc-700"
            >
              Previous page
            </button>
            <span>
              Page {page} of {pageCount}
            </span>
            <button
              type="button"
              onClick={() => table.nextPage()}
              disabled={!table.getCanNextPage()}
              className="rounded-md border border-zinc-300 px-2 py-1 disabled:opacity-50 dark:border-zinc-700"
            >
              Next page
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
