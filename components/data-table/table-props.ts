import type { ReactNode } from "react";

/** What both console tables (data-table.tsx, paged-table.tsx) are given alike. */
export interface TableProps<Row> {
  /** What the table lists, for its caption, filter box, count and empty state ("products"). */
  noun: string;
  /** What the table shows, for screen readers; "<Noun>, N shown" when absent. */
  caption?: string;
  rows: readonly Row[];
  getRowId: (row: Row) => string;
  /** A test id per row (tests find a row by what it stands for). */
  rowTestId?: (row: Row) => string;
  /** Where a click on the row goes (its first link says the same for keyboards). */
  rowHref?: (row: Row) => string | undefined;
  /** The table's namespace in the URL when a page has several tables (url-state.ts). */
  urlKey?: string;
  /** The text filter box; off for short tables. */
  filter?: boolean;
  /** The count line under the table ("3 of 40 holdings", "12 awards"); off where the page says it elsewhere. */
  count?: boolean;
  /** The noun for one row ("award"), for the count. */
  one?: string;
  countTestId?: string;
  /** A wide table: a person chooses its columns, remembered in the browser (column-chooser.tsx). */
  chooseColumns?: boolean;
  /** What to say when there is nothing to list at all. */
  empty?: { title: string; description?: ReactNode };
}
