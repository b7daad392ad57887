/** A grey placeholder block while a page's data loads. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={`animate-pulse rounded bg-zinc-200 dark:bg-zinc-800 ${className ?? ""}`}
    />
  );
}
