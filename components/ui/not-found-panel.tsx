import { SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "@/components/ui/link";

export interface NotFoundPanelProps {
  title: string;
  description: ReactNode;
  /** Where to go instead: the list the record belongs to, or the overview. */
  back: { href: string; label: string };
}

/**
 * The console's one design for "nothing here" (docs/console.md, "Sign-in, titles and missing
 * pages"): an unknown path and a record a page cannot find look alike, and both answer HTTP 404.
 */
export function NotFoundPanel({ title, description, back }: NotFoundPanelProps) {
  return (
    <main className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-6 py-16 text-center">
      <SearchX aria-hidden className="size-10 text-muted-foreground" />
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{description}</p>
      <Link
        href={back.href}
        className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground hover:opacity-90"
      >
        {back.label}
      </Link>
    </main>
  );
}
