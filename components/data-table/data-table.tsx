"use client";
import {
  type ColumnDef,
  FlexRender,
  type Header,
  type RowData,
  type SortingState,
  useTable,
} from "@tanstack/react-table";
import { Inbox } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { type Features, features } from "./features";
import { ownClick } from "./linked-row";
import { ServerTableToolbar } from "./server-table-toolbar";
import { SortIcon } from "./sort-icon";
import { ariaSort, bodyCellClass, FRAME_CLASS, headerCellClass, SORT_CONTROL_CLASS } from "./table-classes";
import { TablePager } from "./table-pager";
import { TableToolbar } from "./table-toolbar";
import { useUrlTableState } from "./use-url-table-state";

/** A select above the table that filters one column by exact value (e.g. a product's type). */
export interface ColumnFacet {
  columnId: string;
  label: string;
  options: { value: string; label: string }[];
}

export interface DataTableProps<Row extends RowData> {
  /** What the table lists, for its caption, filter box, count and empty state ("products"). */
  noun: string;
  /** What the table shows, for screen readers; "<Noun>, N shown" when absent. */
  caption?: string;
  rows: Row[];
  // biome-ignore lint/suspicious/noExplicitAny: columns of any value type, as TanStack declares them
  columns: readonly ColumnDef<Features, Row, any>[];
  getRowId: (row: Row) => string;
  /** A test id per row (tests find a row by what it stands for). */
  rowTestId?: (row: Row) => string;
  /** Where a click on the row goes (its first link says the same for keyboards). */
  rowHref?: (row: Row) => string | undefined;
  facets?: readonly ColumnFacet[];
  /** Controls that belong to the page rather than the table (e.g. a language switcher). */
  toolbar?: ReactNode;
  /** The table's namespace in the URL when a page has several tables (url-state.ts). */
  urlKey?: string;
  /** The text filter box; off for short tables. */
  filter?: boolean;
  pageSize?: number;
  /** The order the rows arrive in, shown as the sort when the URL names none. */
  defaultSorting?: SortingState;
  /** What to say when there is nothing to list at all. */
  empty?: { title: string; description?: ReactNode };
  /**
   * The rows are one page the server filtered, sorted and paged (lib/pages/table-page.ts): sorting
   * and paging become links, the filter box and facets change the URL. `of`: how many there are
   * unfiltered, for the count ("3 of 53 products").
   */
  server?: { rowCount: number; of?: number };
  /** The count line under the table; off where the page says it elsewhere. */
  count?: boolean;
  /** The noun for one row ("award"), for the count. */
  one?: string;
  countTestId?: string;
}

const NO_FACETS: readonly ColumnFacet[] = [];
const capital = (text: string) => `${text[0]?.toUpperCase() ?? ""}${text.slice(1)}`;

/**
 * The console's one table (STYLE): sortable headers, a text filter across columns, optional
 * column facets, paging — all of it in the URL, per table when a page has several. The header
 * stays in view and the table scrolls sideways inside its own frame, so the page never does.
 * Columns come from each feature's columns; `meta.numeric` right-aligns amounts.
 */
export function DataTable<Row extends RowData>({
  noun,
  caption,
  rows,
  columns,
  getRowId,
  rowTestId,
  rowHref,
  facets = NO_FACETS,
  toolbar,
  urlKey,
  filter = true,
  pageSize,
  defaultSorting,
  empty,
  server,
  count = true,
  one,
  countTestId = "table-count",
}: DataTableProps<Row>) {
  const router = useRouter();
  const { href, hrefNow, ...urlState } = useUrlTableState({
    key: urlKey,
    filterIds: facets.map((facet) => facet.columnId),
    pageSize,
    defaultSorting,
  });
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId,
    ...urlState,
    globalFilterFn: "includesString",
    autoResetPageIndex: false,
    // A header click flips the order; dropping the sort would bring back the default one unseen.
    enableSortingRemoval: false,
    manualSorting: server !== undefined,
    manualFiltering: server !== undefined,
    manualPagination: server !== undefined,
    rowCount: server?.rowCount,
  });
  const total = server?.rowCount ?? rows.length;
  const shown = server ? total : table.getPrePaginatedRowModel().rows.length;
  const pageCount = Math.max(1, table.getPageCount());
  const page = Math.min(urlState.state.pagination.pageIndex + 1, pageCount);
  const visibleRows = table.getRowModel().rows;
  const idPrefix = urlKey ? `${urlKey}-` : "";

  const sortControl = (header: Header<Features, Row, unknown>) => {
    const sorted = header.column.getIsSorted();
    const label = (
      <>
        <FlexRender header={header} />
        <SortIcon sorted={sorted} />
      </>
    );
    const className = SORT_CONTROL_CLASS;
    if (server) {
      const next = header.column.getNextSortingOrder();
      return (
        <Link
          href={href({ sorting: next ? [{ id: header.column.id, desc: next === "desc" }] : [] })}
          // Not prefetched: each would be one more render of the page (the table pager's note).
          prefetch={false}
          className={className}
        >
          {label}
        </Link>
      );
    }
    return (
      <button type="button" onClick={header.column.getToggleSortingHandler()} className={className}>
        {label}
      </button>
    );
  };

  return (
    <div className="flex min-w-0 flex-col gap-3">
      {filter && server ? (
        <ServerTableToolbar
          noun={noun}
          idPrefix={idPrefix}
          view={urlState.state}
          facets={facets}
          href={hrefNow}
        >
          {toolbar}
        </ServerTableToolbar>
      ) : filter ? (
        <TableToolbar
          noun={noun}
          idPrefix={idPrefix}
          value={urlState.state.globalFilter}
          onChange={(value) => table.setGlobalFilter(value)}
          facets={facets.map((facet) => ({
            ...facet,
            value: String(urlState.state.columnFilters.find((f) => f.id === facet.columnId)?.value ?? ""),
            onChange: (value: string) => table.getColumn(facet.columnId)?.setFilterValue(value || undefined),
          }))}
        >
          {toolbar}
        </TableToolbar>
      ) : toolbar ? (
        <div className="flex flex-wrap items-end gap-3">{toolbar}</div>
      ) : null}
      {rows.length === 0 && empty ? (
        <EmptyState icon={Inbox} title={empty.title} description={empty.description} />
      ) : (
        <section
          // Scrolls on its own (sideways on a phone, down past ~70% of the screen): focusable so a
          // keyboard can scroll it too, named for screen readers. `relative`: screen-reader-only
          // text in cells is absolutely placed, and would otherwise widen the page past the frame.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          aria-label={caption ?? capital(noun)}
          data-testid="table-scroll"
          className={FRAME_CLASS}
        >
          <table className="w-full border-separate border-spacing-0 text-left text-sm">
            <caption className="sr-only">{caption ?? `${capital(noun)}, ${shown} shown`}</caption>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={ariaSort(header.column.getIsSorted())}
                        className={headerCellClass(header.column.columnDef.meta)}
                      >
                        {header.isPlaceholder ? null : header.column.getCanSort() ? (
                          sortControl(header)
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
              {visibleRows.map((row) => {
                const target = rowHref?.(row.original);
                return (
                  <tr
                    key={row.id}
                    data-testid={rowTestId?.(row.original)}
                    onClick={
                      target
                        ? (event) => {
                            if (!ownClick(event) && !window.getSelection()?.toString()) router.push(target);
                          }
                        : undefined
                    }
                    className={cn("align-middle", target && "cursor-pointer hover:bg-muted/60")}
                  >
                    {row.getAllCells().map((cell) => (
                      <td key={cell.id} className={bodyCellClass(cell.column.columnDef.meta)}>
                        <FlexRender cell={cell} />
                      </td>
                    ))}
                  </tr>
                );
              })}
              {visibleRows.length === 0 ? (
                <tr>
                  <td colSpan={columns.length} className="px-3 py-8 text-center text-muted-foreground">
                    {rows.length === 0 && !server ? `No ${noun} yet.` : `No ${noun} match the filter.`}
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </section>
      )}
      {count || pageCount > 1 ? (
        <TablePager
          noun={noun}
          countTestId={countTestId}
          countText={
            count
              ? server
                ? server.of !== undefined
                  ? `${total} of ${server.of} ${noun}`
                  : `${total} ${total === 1 ? (one ?? noun) : noun}`
                : `${shown} of ${rows.length} ${noun}`
              : undefined
          }
          page={page}
          pageCount={pageCount}
          previous={
            server
              ? { href: page > 1 ? href({ pageIndex: page - 2 }) : undefined }
              : { onClick: table.getCanPreviousPage() ? () => table.previousPage() : undefined }
          }
          next={
            server
              ? { href: page < pageCount ? href({ pageIndex: page }) : undefined }
              : { onClick: table.getCanNextPage() ? () => table.nextPage() : undefined }
          }
        />
      ) : null}
    </div>
  );
}
