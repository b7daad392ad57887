"use client";
import Link from "next/link";
import { cn } from "@/components/ui/cn";
import { CopyButton } from "@/components/ui/copy-button";

export interface IdCellProps {
  value: string;
  /** For the copy button's name: "GUID of Ember Blade". */
  what: string;
  /** Opens what the ID stands for. */
  href?: string;
  /** Shown characters before the ellipsis; the whole value is in the title and the copy. */
  chars?: number;
  className?: string;
}

/**
 * A long ID (GUID, wallet, RequestID) cut to its first characters so a row stays one line: the
 * full value is its tooltip, its screen-reader text and what Copy puts on the clipboard.
 */
export function IdCell({ value, what, href, chars = 8, className }: IdCellProps) {
  const cut = value.length > chars + 1;
  const shown = cut ? `${value.slice(0, chars)}…` : value;
  const text = (
    <>
      <span aria-hidden={cut || undefined}>{shown}</span>
      {cut ? <span className="sr-only">{value}</span> : null}
    </>
  );
  return (
    <span className={cn("inline-flex items-center gap-2 whitespace-nowrap", className)}>
      {href ? (
        <Link href={href} title={value} className="font-mono text-xs underline underline-offset-2">
          {text}
        </Link>
      ) : (
        <code title={value} className="font-mono text-xs">
          {text}
        </code>
      )}
      <CopyButton value={value} what={what} />
    </span>
  );
}
