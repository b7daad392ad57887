"use client";
import { Inbox } from "lucide-react";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { type ServerTable, TABLE_PAGE_SIZE, type TablePage, tablePage } from "@/lib/pages/table-page";
import type { DataTableColumnMeta } from "./features";
import { LinkedRow } from "./linked-row";
import { SortIcon } from "./sort-icon";
import { ariaSort, bodyCellClass, FRAME_CLASS, headerCellClass, SORT_CONTROL_CLASS } from "./table-classes";
import { TablePager } from "./table-pager";
import { UrlFilterToolbar } from "./url-filter-toolbar";
import { readTableView, search, type TableView, writeTableView } from "./url-state";

/** A column of a PagedTable, declared at module level in the feature's client module. */
export interface PagedColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /**
   * The column's ascending order; a sortable header when given. `true` where the rows come
   * sorted by the database (`rowCount`), which knows the column by its id.
   */
  sort?: ((a: Row, b: Row) => number) | true;
  /** The first click sorts newest or largest first. */
  descFirst?: boolean;
  /** What the filter box finds of a row in this column. */
  text?: (row: Row) => string;
  meta?: DataTableColumnMeta;
}

export interface PagedTableProps<Row> {
  /** What the table lists, for its caption, filter box and count ("holdings"). */
  noun: string;
  caption?: string;
  /** Every row: the table shows one page of them, filtered and sorted as the URL says. */
  rows: readonly Row[];
  /**
   * The rows are already the page the server filtered, sorted and cut (the award history, read
   * a page at a time from the database), out of this many.
   */
  rowCount?: number;
  /** The order the rows arrive in, shown as the sort when the URL names none. */
  defaultSorting?: readonly { id: string; desc: boolean }[];
  columns: readonly PagedColumn<Row>[];
  getRowId: (row: Row) => string;
  rowTestId?: (row: Row) => string;
  /** Where a click on the row goes (its first link says the same for keyboards). */
  rowHref?: (row: Row) => string;
  /** The table's namespace in the URL when a page has several tables (url-state.ts). */
  urlKey?: string;
  /** The text filter box; off for short tables. */
  filter?: boolean;
  /** The count line under the table ("3 of 40 holdings"; "12 awards" for a page of `rowCount`). */
  count?: boolean;
  /** The noun for one row ("award"), for the count. */
  one?: string;
  countTestId?: string;
  /** What to say when there is nothing to list at all. */
  empty?: { title: string; description?: ReactNode };
}

const NO_SORTING: readonly { id: string; desc: boolean }[] = [];

const capital = (text: string) => `${text[0]?.toUpperCase() ?? ""}${text.slice(1)}`;

/**
 * A console table without TanStack Table, for a page of rows the page holds or the database read
 * (docs/console.md, "Tables and phones"): a player's holdings, the award tables. The same look,
 * URL and controls as DataTable, but only one page of rows is rendered (cut with
 * lib/pages/table-page.ts, or given as `rowCount`'s page), and sorting and paging are links, as the
 * catalogue's. It stays a client component, so the page's RSC payload carries its rows' plain data
 * once and not every cell's markup again; the columns are the feature's, at module level in a
 * client module. DataTable's TanStack model is built in the server render too, about 1.5–3 ms of
 * the server's one thread per table and answer whatever its size.
 */
export function PagedTable<Row>({
  noun,
  caption,
  rows,
  columns,
  getRowId,
  rowTestId,
  rowHref,
  rowCount,
  defaultSorting = NO_SORTING,
  urlKey,
  filter = false,
  count = false,
  one,
  countTestId = "table-count",
  empty,
}: PagedTableProps<Row>) {
  const pathname = usePathname();
  const params = useSearchParams();
  const url = { key: urlKey };
  const view = readTableView(new URLSearchParams(params.toString()), url);
  const sorts = Object.fromEntries(
    columns.flatMap((column) => (typeof column.sort === "function" ? [[column.id, column.sort]] : [])),
  );
  const server: ServerTable<Row> = {
    text: (row) => columns.flatMap((column) => (column.text ? [column.text(row)] : [])),
    sorts,
  };
  const page: TablePage<Row> =
    rowCount === undefined ? tablePage(rows, view, server) : { rows: [...rows], rowCount };
  const pageCount = Math.max(1, Math.ceil(page.rowCount / TABLE_PAGE_SIZE));
  const pageNumber = Math.min(view.pageIndex + 1, pageCount);
  const href = (change: Partial<TableView>) =>
    `${pathname}${search(writeTableView(new URLSearchParams(params.toString()), change, url))}`;
  const sortable = new Set(columns.flatMap((column) => (column.sort ? [column.id] : [])));
  const [sorted] = [...view.sorting, ...defaultSorting].filter(({ id }) => sortable.has(id));
  const total = rowCount ?? rows.length;
  const idPrefix = urlKey ? `${urlKey}-` : "";
  return (
    <div className="flex min-w-0 flex-col gap-3">
      {filter ? <UrlFilterToolbar noun={noun} idPrefix={idPrefix} urlKey={urlKey} /> : null}
      {total === 0 && empty ? (
        <EmptyState icon={Inbox} title={empty.title} description={empty.description} />
      ) : (
        <section
          // Scrolls on its own, reachable by keyboard and named for screen readers (data-table.tsx).
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          aria-label={caption ?? capital(noun)}
          data-testid="table-scroll"
          className={FRAME_CLASS}
        >
          <table className="w-full border-separate border-spacing-0 text-left text-sm">
            <caption className="sr-only">{caption ?? `${capital(noun)}, ${page.rowCount} shown`}</caption>
            <thead>
              <tr>
                {columns.map((column) => {
                  const order = sorted?.id === column.id ? (sorted.desc ? "desc" : "asc") : false;
                  return (
                    <th
                      key={column.id}
                      scope="col"
                      aria-sort={ariaSort(order)}
                      className={headerCellClass(column.meta)}
                    >
                      {column.sort ? (
                        <Link
                          // A click flips the order; the first sorts as the column reads best.
                          href={href({
                            sorting: [
                              { id: column.id, desc: order ? order === "asc" : column.descFirst === true },
                            ],
                          })}
                          // Not prefetched: each would be one more render of the page (table-pager.tsx).
                          prefetch={false}
                          scroll={false}
                          className={SORT_CONTROL_CLASS}
                        >
                          {column.header}
                          <SortIcon sorted={order} />
                        </Link>
                      ) : (
                        column.header
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {page.rows.map((row) => {
                const cells = columns.map((column) => (
                  <td key={column.id} className={bodyCellClass(column.meta)}>
                    {column.cell(row)}
                  </td>
                ));
                const href = rowHref?.(row);
                // Only a row that opens a page listens for clicks.
                return href ? (
                  <LinkedRow key={getRowId(row)} testId={rowTestId?.(row)} href={href}>
                    {cells}
                  </LinkedRow>
                ) : (
                  <tr key={getRowId(row)} data-testid={rowTestId?.(row)} className="align-middle">
                    {cells}
                  </tr>
                );
              })}
              {page.rows.length === 0 ? (
                <tr>
                  <td colSpan={columns.length} className="px-3 py-8 text-center text-muted-foreground">
                    {total === 0 && rowCount === undefined
                      ? `No ${noun} yet.`
                      : `No ${noun} match the filter.`}
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
            !count
              ? undefined
              : rowCount === undefined
                ? `${page.rowCount} of ${rows.length} ${noun}`
                : `${rowCount} ${rowCount === 1 ? (one ?? noun) : noun}`
          }
          page={pageNumber}
          pageCount={pageCount}
          previous={{ href: pageNumber > 1 ? href({ pageIndex: pageNumber - 2 }) : undefined }}
          next={{ href: pageNumber < pageCount ? href({ pageIndex: pageNumber }) : undefined }}
        />
      ) : null}
    </div>
  );
}
