import { Layers } from "lucide-react";
import { answeredRows, BatchProgressBar } from "@/components/bulk/batch-progress-bar";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";
import { When } from "@/components/ui/when";
import type { BatchSummary } from "@/lib/overview/overview-data";

/** The latest bulk batches, each with how far it has got (answered rows of all its rows). */
export function RecentBatches({ batches }: { batches: BatchSummary[] }) {
  return (
    <Card aria-labelledby="batches-heading">
      <CardHeader>
        <CardTitle id="batches-heading">Recent bulk batches</CardTitle>
        <CardDescription>Awards sent from a CSV file, row by row, by the server.</CardDescription>
      </CardHeader>
      <CardContent>
        {batches.length === 0 ? (
          <EmptyState icon={Layers} title="No bulk batches yet" />
        ) : (
          <ul className="flex flex-col gap-4">
            {batches.map((batch) => {
              const { counts } = batch;
              const answered = answeredRows(counts);
              const troubled = counts.failed + counts.unknown;
              return (
                <li key={batch.id} className="flex flex-col gap-1.5" data-testid={`batch-${batch.id}`}>
                  <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <Link
                      href={`/awards/bulk/${batch.id}`}
                      className="min-w-0 font-medium break-all underline-offset-2 hover:underline"
                    >
                      Batch {batch.id}: {batch.fileName}
                    </Link>
                    {batch.status === "done" ? (
                      <Badge tone={troubled > 0 ? "warning" : "success"}>Done</Badge>
                    ) : (
                      <Badge tone="info">Sending</Badge>
                    )}
                  </div>
                  <BatchProgressBar counts={counts} label={`Batch ${batch.id} progress`} />
                  <p className="text-xs text-muted-foreground">
                    {answered} of {counts.total} answered · {counts.completed + counts.accepted} done ·{" "}
                    {counts.queued} queued · {troubled} failed or unknown · <When iso={batch.createdAt} />
                  </p>
                  {batch.error ? <p className="text-xs text-destructive">{batch.error}</p> : null}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
