"use client";
import { usePathname, useSearchParams } from "next/navigation";
import type { ReactNode } from "react";
import { Link } from "@/components/ui/link";
import { type ServerTable, TABLE_PAGE_SIZE, type TablePage, tablePage } from "@/lib/pages/table-page";
import { ColumnChooser, useHiddenColumns } from "./column-chooser";
import type { DataTableColumnMeta } from "./features";
import { LinkedRow } from "./linked-row";
import { SortIcon } from "./sort-icon";
import { ariaSort, bodyCellClass, headerCellClass, SORT_CONTROL_CLASS } from "./table-classes";
import { TableLayout } from "./table-frame";
import type { TableProps } from "./table-props";
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

export interface PagedTableProps<Row> extends TableProps<Row> {
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
}

const NO_SORTING: readonly { id: string; desc: boolean }[] = [];

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
export function PagedTable<Row>(props: PagedTableProps<Row>) {
  const {
    rows,
    columns: allColumns,
    rowCount,
    defaultSorting = NO_SORTING,
    urlKey,
    filter = false,
    count = false,
    getRowId,
    rowTestId,
    rowHref,
    one,
    chooseColumns = false,
  } = props;
  const pathname = usePathname();
  const [hidden, setHidden] = useHiddenColumns(`gcc.columns:${pathname}:${urlKey ?? props.noun}`);
  const columns =
    chooseColumns && hidden.size > 0 ? allColumns.filter((column) => !hidden.has(column.id)) : allColumns;
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
  const total = rowCount ?? rows.length;
  // One row or none has no order to choose: its headers are plain text, not controls that do
  // nothing (a player's token held in one wallet), and the page renders less.
  const sortable = new Set(total > 1 ? columns.flatMap((column) => (column.sort ? [column.id] : [])) : []);
  const [sorted] = [...view.sorting, ...defaultSorting].filter(({ id }) => sortable.has(id));
  const idPrefix = urlKey ? `${urlKey}-` : "";
  const head = (
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
            {sortable.has(column.id) ? (
              <Link
                // A click flips the order; the first sorts as the column reads best.
                href={href({
                  sorting: [{ id: column.id, desc: order ? order === "asc" : column.descFirst === true }],
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
  );
  // Only a row that opens a page listens for clicks (LinkedRow without an href is a plain row).
  const body = page.rows.map((row) => (
    <LinkedRow key={getRowId(row)} testId={rowTestId?.(row)} href={rowHref?.(row)}>
      {columns.map((column) => (
        <td key={column.id} className={bodyCellClass(column.meta)}>
          {column.cell(row)}
        </td>
      ))}
    </LinkedRow>
  ));

  return (
    <TableLayout
      table={props}
      toolbar={
        filter || chooseColumns ? (
          <div className="flex flex-wrap items-end justify-between gap-3">
            {filter ? <UrlFilterToolbar noun={props.noun} idPrefix={idPrefix} urlKey={urlKey} /> : null}
            {chooseColumns ? (
              <ColumnChooser
                columns={allColumns.map(({ id, header }) => ({ id, label: header }))}
                hidden={hidden}
                onChange={setHidden}
                idPrefix={idPrefix}
              />
            ) : null}
          </div>
        ) : null
      }
      nothing={total === 0}
      frame={{
        shown: page.rowCount,
        head,
        rows: body,
        columns: columns.length,
        filtered: total > 0 || rowCount !== undefined,
      }}
      pager={{
        count: count
          ? { shown: page.rowCount, of: rowCount === undefined ? rows.length : undefined, one }
          : undefined,
        page: pageNumber,
        pageCount,
        previous: { href: pageNumber > 1 ? href({ pageIndex: pageNumber - 2 }) : undefined },
        next: { href: pageNumber < pageCount ? href({ pageIndex: pageNumber }) : undefined },
      }}
    />
  );
}
