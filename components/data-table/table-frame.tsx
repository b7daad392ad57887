import { Inbox } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { FRAME_CLASS } from "./table-classes";
import { TablePager, type TablePagerProps } from "./table-pager";
import type { TableProps } from "./table-props";

const capital = (text: string) => `${text[0]?.toUpperCase() ?? ""}${text.slice(1)}`;

export interface TableFrameProps {
  /** What the table lists ("awards"): names the frame and the caption when `caption` is absent. */
  noun: string;
  caption?: string;
  /** How many rows the view holds, for the caption ("Awards, 12 shown"). */
  shown: number;
  /** The header row. */
  head: ReactNode;
  /** This page's rows; when there are none, one row says why (NoRowsRow). */
  rows: readonly ReactNode[];
  /** How many columns the table has. */
  columns: number;
  /** Rows exist, or may (a page the server filtered): an empty view is one the filter emptied. */
  filtered: boolean;
}

/**
 * The frame and table element of both console tables (data-table.tsx, paged-table.tsx). The page
 * scrolls down, not the frame (one scroll area: a frame of its own showed 9 of 25 rows and fought
 * the page's); the frame scrolls only sideways, on a phone: focusable so a keyboard can scroll it
 * too, named for screen readers. `relative` (FRAME_CLASS): screen-reader-only text
 * in cells is absolutely placed, and would otherwise widen the page past the frame.
 */
export function TableFrame({ noun, caption, shown, head, rows, columns, filtered }: TableFrameProps) {
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      aria-label={caption ?? capital(noun)}
      data-testid="table-scroll"
      className={FRAME_CLASS}
    >
      <table className="w-full border-separate border-spacing-0 text-left text-sm">
        <caption className="sr-only">{caption ?? `${capital(noun)}, ${shown} shown`}</caption>
        <thead>{head}</thead>
        <tbody>
          {rows}
          {rows.length === 0 ? <NoRowsRow noun={noun} columns={columns} filtered={filtered} /> : null}
        </tbody>
      </table>
    </section>
  );
}

/** The body's one row when a view has none: nothing yet, or nothing that matches the filter. */
function NoRowsRow({ noun, columns, filtered }: Pick<TableFrameProps, "noun" | "columns" | "filtered">) {
  return (
    <tr>
      <td colSpan={columns} className="px-3 py-8 text-center text-muted-foreground">
        {filtered ? `No ${noun} match the filter.` : `No ${noun} yet.`}
      </td>
    </tr>
  );
}

export interface TableLayoutProps {
  /** The table's own props: the view reads its noun, caption, empty state and count's test id. */
  table: Pick<TableProps<unknown>, "noun" | "caption" | "empty" | "countTestId">;
  /** The filter box and the page's controls above the table. */
  toolbar?: ReactNode;
  /** Nothing at all to list: the table's empty state, when it has one, stands for the frame. */
  nothing: boolean;
  frame: Omit<TableFrameProps, "noun" | "caption">;
  pager: Omit<TablePagerProps, "noun" | "countTestId">;
}

/** A console table as a page shows it: its toolbar, the frame (or the empty state) and the pager. */
export function TableLayout({ table, toolbar, nothing, frame, pager }: TableLayoutProps) {
  const { noun, caption, empty, countTestId = "table-count" } = table;
  return (
    <div className="flex min-w-0 flex-col gap-3">
      {toolbar}
      {nothing && empty ? (
        <EmptyState icon={Inbox} title={empty.title} description={empty.description} />
      ) : (
        <TableFrame noun={noun} caption={caption} {...frame} />
      )}
      <TablePager noun={noun} countTestId={countTestId} {...pager} />
    </div>
  );
}
