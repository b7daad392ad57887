import { Skeleton } from "./skeleton";

/** The layout of a console page while its data loads: a heading, a toolbar and table rows. */
export function PageSkeleton() {
  return (
    <main className="flex flex-col gap-6 px-6 py-6" aria-busy="true">
      <p className="sr-only" role="status">
        Loading…
      </p>
      <div className="flex flex-col gap-2">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-96 max-w-full" />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Skeleton className="h-10 w-full sm:w-64" />
        <Skeleton className="h-10 w-full sm:w-48" />
      </div>
      <div className="flex flex-col gap-2 rounded-lg border border-border bg-card p-3">
        {Array.from({ length: 8 }, (_, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
          <Skeleton key={row} className="h-8 w-full" />
        ))}
      </div>
    </main>
  );
}
