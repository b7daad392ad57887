import { cn } from "@/components/ui/cn";
import type { DataTableColumnMeta } from "./features";

/**
 * The look of a console table's parts, shared by the table that sorts in the browser
 * (data-table.tsx) and the one that links to its other pages and orders (paged-table.tsx), so both
 * look and behave alike on a phone (docs/console.md, "Tables and phones": the header stays in view,
 * the frame scrolls sideways).
 */
export const FRAME_CLASS =
  "relative max-w-full overflow-x-auto rounded-lg border border-border bg-card focus-visible:outline-2 focus-visible:outline-ring";

export const SORT_CONTROL_CLASS =
  "inline-flex min-h-10 items-center gap-1 uppercase tracking-wide sm:min-h-8 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring";

/** A column left out below a width (`meta.wideOnly`); whole class names, so Tailwind finds them here. */
const SHOWN_FROM = {
  sm: "hidden sm:table-cell",
  md: "hidden md:table-cell",
  lg: "hidden lg:table-cell",
  xl: "hidden xl:table-cell",
  "2xl": "hidden 2xl:table-cell",
} as const;

const shownFrom = (meta: DataTableColumnMeta | undefined) =>
  meta?.wideOnly ? SHOWN_FROM[meta.wideOnly === true ? "md" : meta.wideOnly] : undefined;

// Cells sit closer on a phone (px-1.5), so that a table's few columns there fit its frame.
export const headerCellClass = (meta: DataTableColumnMeta | undefined) =>
  cn(
    "sticky top-0 z-10 border-b border-border bg-muted px-1.5 py-2 text-xs font-medium whitespace-nowrap uppercase tracking-wide text-muted-foreground sm:px-3",
    meta?.numeric && "text-right",
    shownFrom(meta),
  );

export const bodyCellClass = (meta: DataTableColumnMeta | undefined) =>
  cn(
    "border-b border-border px-1.5 py-2 sm:px-3",
    meta?.numeric && "text-right font-mono whitespace-nowrap tabular-nums",
    meta?.cellClassName,
    shownFrom(meta),
  );

export const ariaSort = (sorted: false | "asc" | "desc") =>
  sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined;
