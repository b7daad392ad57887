import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Link } from "@/components/ui/link";
import type { OverviewRange, RangeKey } from "@/lib/overview/overview-range";

const PRESETS: { key: Exclude<RangeKey, "custom">; label: string }[] = [
  { key: "today", label: "Today" },
  { key: "7d", label: "7 days" },
  { key: "30d", label: "30 days" },
];

/**
 * The overview's period: today, 7 or 30 days as links, or chosen days in a form that works
 * without scripts — each is an address (docs/console.md, "The overview"). The chosen one is marked
 * for the eye and with `aria-current`.
 */
export function OverviewRangePicker({ range }: { range: OverviewRange }) {
  const item =
    "inline-flex min-h-9 items-center rounded-md px-3 text-sm font-medium text-muted-foreground hover:text-foreground";
  const chosen = "bg-background text-foreground shadow-sm";
  return (
    <div className="flex flex-col gap-2 sm:items-end">
      <nav aria-label="Period" className="inline-flex flex-wrap gap-1 rounded-lg bg-muted p-1">
        {PRESETS.map(({ key, label }) => (
          <Link
            key={key}
            href={`/?range=${key}`}
            prefetch={false}
            aria-current={range.key === key ? "page" : undefined}
            className={cn(item, range.key === key && chosen)}
          >
            {label}
          </Link>
        ))}
        <details className="group relative">
          <summary
            aria-current={range.key === "custom" ? "page" : undefined}
            className={cn(item, "cursor-pointer list-none", range.key === "custom" && chosen)}
          >
            {range.key === "custom" ? range.label : "Custom"}
          </summary>
          <form
            method="get"
            action="/"
            className="absolute right-0 z-20 mt-2 flex w-72 flex-col gap-3 rounded-lg border border-border bg-popover p-4 shadow-lg"
          >
            <input type="hidden" name="range" value="custom" />
            <Field id="range-from" label="From">
              <Input type="date" name="from" required defaultValue={range.from} />
            </Field>
            <Field id="range-to" label="To">
              <Input type="date" name="to" required defaultValue={range.to} />
            </Field>
            <Button type="submit">Show these days</Button>
          </form>
        </details>
      </nav>
      <p className="text-xs text-muted-foreground" data-testid="range-label">
        {range.label}, compared with {range.previousLabel} (UTC)
      </p>
    </div>
  );
}
