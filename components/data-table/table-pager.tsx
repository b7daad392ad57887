import Link from "next/link";
import { Button } from "@/components/ui/button";

/** A way to the previous or next page: a link when the server pages, a button otherwise; none at an end. */
type Step = { href?: string; onClick?: undefined } | { href?: undefined; onClick?: () => void };

export interface TablePagerProps {
  /** Names the page navigation, apart from another table's on the same page. */
  noun: string;
  countText?: string;
  countTestId?: string;
  page: number;
  pageCount: number;
  previous: Step;
  next: Step;
}

function StepControl({ label, to }: { label: string; to: Step }) {
  // Not prefetched: each prefetch would be one more render of the page, which may read a whole catalogue.
  if (to.href)
    return (
      <Button asChild variant="outline">
        <Link href={to.href} prefetch={false}>
          {label}
        </Link>
      </Button>
    );
  return (
    <Button variant="outline" onClick={to.onClick} disabled={!to.onClick}>
      {label}
    </Button>
  );
}

/** The count under a table and, when there are several pages, the way through them. */
export function TablePager({
  noun,
  countText,
  countTestId,
  page,
  pageCount,
  previous,
  next,
}: TablePagerProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
      {countText ? <span data-testid={countTestId}>{countText}</span> : <span />}
      {pageCount > 1 ? (
        <nav aria-label={`Pages of ${noun}`} className="flex items-center gap-2">
          <StepControl label="Previous page" to={previous} />
          <span>
            Page {page} of {pageCount}
          </span>
          <StepControl label="Next page" to={next} />
        </nav>
      ) : null}
    </div>
  );
}
