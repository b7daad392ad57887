import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { groupDigits } from "@/lib/format/grouped-decimal";

/** A way to the previous or next page: a link when the server pages, a button otherwise; none at an end. */
type Step = { href?: string; onClick?: undefined } | { href?: undefined; onClick?: () => void };

/** What the count line says: "3 of 40 holdings" with `of`, else "12 awards" ("1 award" with `one`). */
export interface TableCount {
  shown: number;
  /** How many there are unfiltered. */
  of?: number;
  /** The noun for one row ("award"). */
  one?: string;
}

export function countText(noun: string, { shown, of, one }: TableCount): string {
  // Counts read as amounts do: "1,204 of 9,680 awards" (docs/console.md, "Numbers people can read").
  if (of !== undefined) return `${groupDigits(String(shown))} of ${groupDigits(String(of))} ${noun}`;
  return `${groupDigits(String(shown))} ${shown === 1 ? (one ?? noun) : noun}`;
}

export interface TablePagerProps {
  /** Names the page navigation and the count, apart from another table's on the same page. */
  noun: string;
  /** The count line; none where the page says it elsewhere. */
  count?: TableCount;
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

/** The count under a table and, when there are several pages, the way through them; nothing without either. */
export function TablePager({ noun, count, countTestId, page, pageCount, previous, next }: TablePagerProps) {
  if (!count && pageCount <= 1) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
      {count ? <span data-testid={countTestId}>{countText(noun, count)}</span> : <span />}
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
