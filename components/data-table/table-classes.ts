import { cn } from "@/components/ui/cn";
import type { DataTableColumnMeta } from "./features";

/**
 * The look of a console table's parts, shared by the table that sorts in the browser
 * (data-table.tsx) and the one that links to its other pages and orders (paged-table.tsx), so both
 * look and behave alike on a phone (docs/console.md, "Tables and phones": the header stays in view,
 * the frame scrolls sideways).
 */
export const FRAME_CLASS =
  "relative max-h-[70vh] max-w-full overflow-auto rounded-lg border border-border bg-card focus-visible:outline-2 focus-visible:outline-ring";

export const SORT_CONTROL_CLASS =
  "inline-flex min-h-10 items-center gap-1 uppercase tracking-wide sm:min-h-8 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring";

export const headerCellClass = (meta: DataTableColumnMeta | undefined) =>
  cn(
    "sticky top-0 z-10 border-b border-border bg-muted px-3 py-2 text-xs font-medium whitespace-nowrap uppercase tracking-wide text-muted-foreground",
    meta?.numeric && "text-right",
    meta?.wideOnly && "hidden md:table-cell",
  );

export const bodyCellClass = (meta: DataTableColumnMeta | undefined) =>
  cn(
    "border-b border-border px-3 py-2",
    meta?.numeric && "text-right font-mono whitespace-nowrap tabular-nums",
    meta?.cellClassName,
    meta?.wideOnly && "hidden md:table-cell",
  );

export const ariaSort = (sorted: false | "asc" | "desc") =>
  sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined;
