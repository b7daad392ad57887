import {
  columnFilteringFeature,
  createColumnHelper,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  filterFn_equalsString,
  filterFn_includesString,
  globalFilteringFeature,
  metaHelper,
  type RowData,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_text,
  tableFeatures,
} from "@tanstack/react-table";
import { compareDecimals } from "@/lib/contract/decimal";

/** How a column's cells sit: amounts right-aligned in tabular figures so their digits line up. */
export interface DataTableColumnMeta {
  /** Right-aligned tabular numbers (amounts, counts); the header follows. */
  numeric?: boolean;
  /** Extra classes for the column's cells (e.g. a width cap for long text). */
  cellClassName?: string;
  /**
   * Left out below the `md` width (a phone), or below the width named: a column a person can do
   * without there, so that the ones that matter — and the row's actions — fit without scrolling
   * sideways (the award table's By and Batch from `xl`, its RequestID from `2xl`).
   */
  wideOnly?: boolean | "sm" | "lg" | "xl" | "2xl";
}

/**
 * What every console table can do: sort, filter (one text box across columns, plus per-column
 * filters such as a type) and page. Registered once so all tables share one bundle entry.
 */
export const features = tableFeatures({
  columnMeta: metaHelper<DataTableColumnMeta>(),
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text },
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  filterFns: { includesString: filterFn_includesString, equalsString: filterFn_equalsString },
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

export type Features = typeof features;

/** A sort by an exact decimal (amounts are strings end to end; never compared as floats). */
export function byDecimal<Row extends RowData>(get: (row: Row) => string) {
  return (a: { original: Row }, b: { original: Row }) => compareDecimals(get(a.original), get(b.original));
}

/** Column definitions for a row type; call at module scope so columns stay stable. */
export function columnHelper<Row extends RowData>() {
  return createColumnHelper<Features, Row>();
}
