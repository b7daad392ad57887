import { Progress, type ProgressProps } from "@/components/ui/progress";
import type { BatchCounts } from "@/lib/bulk/batch-counts";

/** The rows of a batch the service has answered, whatever it answered. */
export function answeredRows(counts: BatchCounts): number {
  return counts.completed + counts.queued + counts.accepted + counts.failed + counts.unknown;
}

/** How far a bulk batch has got (answered rows of all its rows): on its own page and on the overview. */
export function BatchProgressBar({
  counts,
  ...bar
}: { counts: BatchCounts } & Pick<ProgressProps, "label" | "size" | "className">) {
  const answered = answeredRows(counts);
  return (
    <Progress
      value={answered}
      max={counts.total}
      valueText={`${answered} of ${counts.total} answered`}
      {...bar}
    />
  );
}
