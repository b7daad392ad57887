"use client";
import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import { PRIMARY_BUTTON } from "@/components/ui/styles";
import { batchProgressAction } from "@/lib/actions/batch-progress";
import { retryBatchAction } from "@/lib/actions/retry-batch";
import type { BatchCounts } from "@/lib/bulk/batch-store";

export interface Progress {
  status: "sending" | "done";
  error: string;
  counts: BatchCounts;
}

const POLL_MS = 1000;

/** A batch's live progress: polled while it is being sent; closing the page stops nothing. */
export function BatchProgress({
  batchId,
  initial,
  canRetry,
}: {
  batchId: number;
  initial: Progress;
  canRetry: boolean;
}) {
  const router = useRouter();
  const [progress, setProgress] = useState(initial);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  useEffect(() => {
    if (progress.status !== "sending" || progress.error) return;
    const timer = setTimeout(async () => {
      const result = await batchProgressAction({ batchId });
      if (result.ok) {
        setProgress(result.data);
        if (result.data.status === "done") router.refresh();
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [progress, batchId, router]);

  const { counts } = progress;
  const answered = counts.completed + counts.queued + counts.accepted + counts.failed + counts.unknown;
  const failed = counts.failed + counts.unknown;
  const percent = counts.total === 0 ? 100 : Math.floor((answered * 100) / counts.total);
  const figures: [string, number, string][] = [
    ["Sent", answered + counts.sending, "sent"],
    ["Completed", counts.completed, "completed"],
    ["Queued", counts.queued, "queued"],
    ["Accepted", counts.accepted, "accepted"],
    ["Failed", counts.failed, "failed"],
    ["Outcome unknown", counts.unknown, "unknown"],
    ["Waiting", counts.pending, "pending"],
  ];

  return (
    <section aria-labelledby="progress-heading" className="flex flex-col gap-3">
      <h2 id="progress-heading" className="text-lg font-semibold">
        {progress.status === "done" ? "Done" : "Sending"}
      </h2>
      <div
        role="progressbar"
        aria-label="Batch progress"
        aria-valuemin={0}
        aria-valuemax={counts.total}
        aria-valuenow={answered}
        aria-valuetext={`${answered} of ${counts.total} answered`}
        className="h-3 w-full max-w-3xl overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div className="h-full bg-emerald-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm" data-testid="batch-counts">
        {figures.map(([label, value, id]) =>
          value > 0 || ["sent", "completed", "queued", "failed"].includes(id) ? (
            <div key={id} className="flex gap-1">
              <dt>{label}</dt>
              <dd className="font-mono tabular-nums" data-testid={`count-${id}`}>
                {value}
              </dd>
            </div>
          ) : null,
        )}
        <div className="flex gap-1">
          <dt>of</dt>
          <dd className="font-mono tabular-nums" data-testid="count-total">
            {counts.total}
          </dd>
        </div>
      </dl>
      {progress.error ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {progress.error}
        </p>
      ) : null}
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        The server sends the batch: you can close this page and come back.
      </p>
      {canRetry && failed > 0 && progress.status === "done" ? (
        <div className="flex flex-col gap-1">
          <div>
            <button
              type="button"
              disabled={pending}
              onClick={() =>
                startTransition(async () => {
                  const result = await retryBatchAction({ batchId });
                  if (!result.ok) return setMessage(result.error);
                  setMessage(null);
                  setProgress({ ...progress, status: "sending" });
                })
              }
              className={PRIMARY_BUTTON}
            >
              Retry failed rows ({failed})
            </button>
          </div>
          {message ? (
            <p role="status" className="text-sm text-red-700 dark:text-red-400">
              {message}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
