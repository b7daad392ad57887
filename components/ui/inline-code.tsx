import type { ReactNode } from "react";

export interface InlineCodeProps {
  children: ReactNode;
}

/** A short code-like value (a URL, a GUID) set off from running text. */
export function InlineCode({ children }: InlineCodeProps) {
  return <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-sm break-all">{children}</code>;
}
