"use client";
import {
  type ColumnDef,
  FlexRender,
  type Header,
  type RowData,
  type SortingState,
  useTable,
} from "@tanstack/react-table";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { Amount } from "@/components/ui/amount";
import { Link } from "@/components/ui/link";
import { ColumnChooser, useHiddenColumns } from "./column-chooser";
import { type Features, features } from "./features";
import { LinkedRow } from "./linked-row";
import { ServerTableToolbar } from "./server-table-toolbar";
import { SortIcon } from "./sort-icon";
import { ariaSort, bodyCellClass, headerCellClass, SORT_CONTROL_CLASS } from "./table-classes";
import { TableLayout } from "./table-frame";
import type { TableProps } from "./table-props";
import { TableToolbar } from "./table-toolbar";
import { useUrlTableState } from "./use-url-table-state";

/** A select above the table that filters one column by exact value (e.g. a product's type). */
export interface ColumnFacet {
  columnId: string;
  label: string;
  options: { value: string; label: string }[];
}

export interface DataTableProps<Row extends RowData> extends TableProps<Row> {
  rows: Row[];
  // biome-ignore lint/suspicious/noExplicitAny: columns of any value type, as TanStack declares them
  columns: readonly ColumnDef<Features, Row, any>[];
  facets?: readonly ColumnFacet[];
  /** Controls that belong to the page rather than the table (e.g. a language switcher). */
  toolbar?: ReactNode;
  pageSize?: number;
  /** The order the rows arrive in, shown as the sort when the URL names none. */
  defaultSorting?: SortingState;
  /**
   * The rows are one page the server filtered, sorted and paged (lib/pages/table-page.ts): sorting
   * and paging become links, the filter box and facets change the URL. `of`: how many there are
   * unfiltered, for the count ("3 of 53 products").
   */
  server?: { rowCount: number; of?: number };
}

const NO_FACETS: readonly ColumnFacet[] = [];

type AnyColumnDef = { id?: string; accessorKey?: unknown; header?: unknown };
/** A column's id as TanStack Table gives it: its own, else its accessor key. */
const columnIdOf = (def: unknown) => {
  const { id, accessorKey } = def as AnyColumnDef;
  return id ?? String(accessorKey ?? "");
};
const columnLabel = (def: unknown) => {
  const { header } = def as AnyColumnDef;
  return typeof header === "string" ? header : columnIdOf(def);
};

const NUMERIC_CELL = {
  cell: (info: {
    getValue: () => unknown;
    renderValue: () => unknown;
    column: { columnDef: { meta?: { numeric?: boolean } } };
  }) =>
    info.column.columnDef.meta?.numeric && info.getValue() != null ? (
      <Amount value={String(info.getValue())} />
    ) : (
      (info.renderValue() as ReactNode)
    ),
};

/**
 * The console's one table (STYLE): sortable headers, a text filter across columns, optional
 * column facets, paging — all of it in the URL, per table when a page has several. The header
 * stays in view and the table scrolls sideways inside its own frame, so the page never does.
 * Columns come from each feature's columns; `meta.numeric` right-aligns amounts.
 */
export function DataTable<Row extends RowData>(props: DataTableProps<Row>) {
  const {
    noun,
    rows,
    columns,
    facets = NO_FACETS,
    toolbar,
    urlKey,
    filter = true,
    pageSize,
    defaultSorting,
    server,
    count = true,
    getRowId,
    rowTestId,
    rowHref,
    one,
    chooseColumns = false,
  } = props;
  const pathname = usePathname();
  const [hidden, setHidden] = useHiddenColumns(`gcc.columns:${pathname}:${urlKey ?? noun}`);
  const choices = chooseColumns
    ? columns.map((def) => ({ id: columnIdOf(def), label: columnLabel(def) }))
    : [];
  const shownColumns =
    chooseColumns && hidden.size > 0 ? columns.filter((def) => !hidden.has(columnIdOf(def))) : columns;
  const { href, hrefNow, ...urlState } = useUrlTableState({
    key: urlKey,
    filterIds: facets.map((facet) => facet.columnId),
    pageSize,
    defaultSorting,
  });
  const table = useTable({
    features,
    columns: shownColumns,
    data: rows,
    getRowId,
    ...urlState,
    // A numeric column without a cell of its own shows its amount or count grouped ("9,680").
    defaultColumn: NUMERIC_CELL,
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
  // One row or none has no order to choose: plain headers (as in paged-table.tsx).
  const canSort = (header: Header<Features, Row, unknown>) => total > 1 && header.column.getCanSort();
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

  const head = (
    <>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => {
            return (
              <th
                key={header.id}
                scope="col"
                aria-sort={canSort(header) ? ariaSort(header.column.getIsSorted()) : undefined}
                className={headerCellClass(header.column.columnDef.meta)}
              >
                {header.isPlaceholder ? null : canSort(header) ? (
                  sortControl(header)
                ) : (
                  <FlexRender header={header} />
                )}
              </th>
            );
          })}
        </tr>
      ))}
    </>
  );
  const body = visibleRows.map((row) => (
    <LinkedRow key={row.id} testId={rowTestId?.(row.original)} href={rowHref?.(row.original)}>
      {row.getAllCells().map((cell) => (
        <td key={cell.id} className={bodyCellClass(cell.column.columnDef.meta)}>
          <FlexRender cell={cell} />
        </td>
      ))}
    </LinkedRow>
  ));

  const chooser = chooseColumns ? (
    <ColumnChooser columns={choices} hidden={hidden} onChange={setHidden} idPrefix={idPrefix} />
  ) : null;
  const pageControls =
    toolbar || chooser ? (
      <>
        {toolbar}
        {chooser}
      </>
    ) : null;
  const controls =
    filter && server ? (
      <ServerTableToolbar
        noun={noun}
        idPrefix={idPrefix}
        view={urlState.state}
        facets={facets}
        href={hrefNow}
      >
        {pageControls}
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
        {pageControls}
      </TableToolbar>
    ) : pageControls ? (
      <div className="flex flex-wrap items-end gap-3">{pageControls}</div>
    ) : null;

  return (
    <TableLayout
      table={props}
      toolbar={controls}
      nothing={rows.length === 0}
      frame={{
        shown,
        head,
        rows: body,
        columns: shownColumns.length,
        filtered: rows.length > 0 || server !== undefined,
      }}
      pager={{
        count: count ? { shown, of: server ? server.of : rows.length, one } : undefined,
        page,
        pageCount,
        previous: server
          ? { href: page > 1 ? href({ pageIndex: page - 2 }) : undefined }
          : { onClick: table.getCanPreviousPage() ? () => table.previousPage() : undefined },
        next: server
          ? { href: page < pageCount ? href({ pageIndex: page }) : undefined }
          : { onClick: table.getCanNextPage() ? () => table.nextPage() : undefined },
      }}
    />
  );
}
