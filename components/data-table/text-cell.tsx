import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/** How wide a cut cell may grow: whole class names, so Tailwind finds them here. */
const WIDTHS = { sm: "max-w-32", md: "max-w-48", lg: "max-w-64" } as const;

export interface TextCellProps {
  text: string;
  /** Shown instead of an empty text ("console", "nobody (expired)"). */
  empty?: ReactNode;
  width?: keyof typeof WIDTHS;
  /** The tooltip when it should say more than the text (a browser's full user agent). */
  title?: string;
}

/**
 * Text a table cannot let grow its row (an email, a project's name, a client address): one line,
 * cut with an ellipsis by CSS only, so the whole text stays the cell's text (search, screen readers,
 * copy) and its tooltip; a long e2e user's email widened a table past its frame (docs/console.md,
 * "Tables and phones").
 */
export function TextCell({ text, empty, width = "md", title }: TextCellProps) {
  if (!text) return <span className="text-muted-foreground">{empty ?? "—"}</span>;
  return (
    <span title={title ?? text} className={cn("block truncate", WIDTHS[width])}>
      {text}
    </span>
  );
}
