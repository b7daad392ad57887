import { ArrowDown, ArrowUp, ChevronsUpDown } from "lucide-react";
import { cn } from "@/components/ui/cn";

/** A sortable header's mark: the order it sorts in, or a faint "sortable" when it does not. */
export function SortIcon({ sorted }: { sorted: false | "asc" | "desc" }) {
  const Icon = sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ChevronsUpDown;
  return <Icon aria-hidden="true" className={cn("size-3.5 shrink-0", !sorted && "opacity-50")} />;
}
