import { Skeleton } from "@/components/ui/skeleton";

const block = (count: number, className: string) =>
  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
  Array.from({ length: count }, (_, index) => <Skeleton key={index} className={className} />);

/** The overview's layout while its figures load: outcome cards, a chart, two columns of lists. */
export function OverviewSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true" data-testid="overview-loading">
      <p className="sr-only" role="status">
        Loading the overview…
      </p>
      <Skeleton className="h-4 w-40" />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">{block(4, "h-32")}</div>
      <Skeleton className="h-64 w-full" />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-2 rounded-lg border border-border p-4">{block(6, "h-10")}</div>
        <div className="flex flex-col gap-2 rounded-lg border border-border p-4">{block(4, "h-10")}</div>
      </div>
    </div>
  );
}
