"use client";
import { Download } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { buttonClass } from "@/components/ui/button";

export interface ExportLinkProps {
  /** The list's export route ("/catalogue/products/export.csv"). */
  href: string;
}

/**
 * A list's **Export CSV**: the file of every row the list shows under its current filter and
 * sort, all pages — the address's parameters go along (docs/console.md, "Exports").
 */
export function ExportLink({ href }: ExportLinkProps) {
  const query = useSearchParams().toString();
  return (
    <a
      href={query ? `${href}?${query}` : href}
      download
      className={buttonClass({ variant: "outline", className: "gap-2 self-start sm:ml-auto sm:self-end" })}
    >
      <Download aria-hidden="true" className="size-4" />
      Export CSV
    </a>
  );
}
