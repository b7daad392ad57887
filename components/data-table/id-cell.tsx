"use client";
import type { CSSProperties } from "react";
import { cn } from "@/components/ui/cn";
import { CopyButton } from "@/components/ui/copy-button";
import { Link } from "@/components/ui/link";

export interface IdCellProps {
  value: string;
  /** For the copy button's name: "GUID of Ember Blade". */
  what: string;
  /** Opens what the ID stands for. */
  href?: string;
  /** Characters shown before the ellipsis. */
  chars?: number;
  /** Shown whole from a laptop's width up (a table with few columns has room). */
  wide?: boolean;
  className?: string;
}

/**
 * A long ID (GUID, wallet, RequestID) cut with an ellipsis so a row stays one line on a phone.
 * The cut is only drawn (CSS): the full value stays the text — for screen readers, search, and
 * tests — and is the tooltip and what Copy puts on the clipboard.
 */
export function IdCell({ value, what, href, chars = 10, wide = false, className }: IdCellProps) {
  const text = cn(
    "block max-w-(--id-chars) truncate font-mono text-xs",
    wide && "lg:max-w-none",
    href && "underline underline-offset-2",
  );
  const style = { "--id-chars": `${chars}ch` } as CSSProperties;
  return (
    <span className={cn("inline-flex max-w-full items-center gap-1", className)}>
      {href ? (
        <Link href={href} title={value} className={text} style={style}>
          {value}
        </Link>
      ) : (
        <code title={value} className={text} style={style}>
          {value}
        </code>
      )}
      <CopyButton value={value} what={what} />
    </span>
  );
}
