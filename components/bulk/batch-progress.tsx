"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { toast } from "@/components/ui/toast";
import { retryBatchAction } from "@/lib/actions/bulk/retry-batch";
import type { BatchCounts } from "@/lib/bulk/batch-counts";
import { batchPace, keptSamples, type Pace, type PaceSample, paceText } from "@/lib/bulk/batch-pace";
import { getJson } from "@/lib/live/get-json";
import { queryKeys } from "@/lib/live/query-keys";
import type { BatchStatus } from "@/lib/model/batch-status";
import { answeredRows, BatchProgressBar } from "./batch-progress-bar";

export interface Progress {
  status: BatchStatus;
  error: string;
  counts: BatchCounts;
}

const POLL_MS = 1000;
const WAITING_POLL_MS = 5000;

const HEADINGS: Record<BatchStatus, string> = {
  "awaiting-approval": "Waiting for approval",
  sending: "Sending",
  done: "Done",
  rejected: "Rejected: not sent",
  withdrawn: "Withdrawn: not sent",
  expired: "Expired: not sent",
};

/**
 * A batch's live progress (docs/console.md, "Live data"): read from GET /api/batches/ID by
 * TanStack Query every second while the batch is sending and the tab is visible, stopped when it
 * is done. The server sends the batch: closing the page stops nothing.
 */
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
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const { data: progress, dataUpdatedAt } = useQuery({
    queryKey: queryKeys.batch(batchId),
    queryFn: ({ signal }) => getJson<Progress>(`/api/batches/${batchId}`, signal),
    initialData: initial,
    // Sending: every second. Waiting for approval: now and then, so an approval elsewhere shows.
    refetchInterval: (query) =>
      query.state.data?.status === "sending" && !query.state.data.error
        ? POLL_MS
        : query.state.data?.status === "awaiting-approval"
          ? WAITING_POLL_MS
          : false,
  });
  // When the batch finishes while the page is open, the rest of the page (results, rows) follows.
  const seen = useRef(progress.status);
  useEffect(() => {
    if (
      seen.current !== progress.status &&
      ["done", "sending", "rejected", "withdrawn", "expired"].includes(progress.status)
    ) {
      router.refresh();
      void queryClient.invalidateQueries({ queryKey: queryKeys.allAwardStatuses });
    }
    seen.current = progress.status;
  }, [progress.status, router, queryClient]);

  const { counts } = progress;
  const answered = answeredRows(counts);
  // Each reading while sending, for the rate and the time left (lib/bulk/batch-pace.ts).
  const samples = useRef<PaceSample[]>([]);
  const [pace, setPace] = useState<Pace | null>(null);
  useEffect(() => {
    if (progress.status !== "sending") {
      samples.current = [];
      setPace(null);
      return;
    }
    // Each reading counts, also one where nothing moved: a pause shows as one.
    samples.current = keptSamples([...samples.current, { at: dataUpdatedAt, answered }], dataUpdatedAt);
    setPace(batchPace(samples.current, counts.total));
  }, [progress.status, answered, counts.total, dataUpdatedAt]);
  const failed = counts.failed + counts.unknown;
  const figures: [string, number, string][] = [
    ["Sent", answered + counts.sending, "sent"],
    ["Completed", counts.completed, "completed"],
    ["Queued", counts.queued, "queued"],
    ["Accepted", counts.accepted, "accepted"],
    ["Failed", counts.failed, "failed"],
    ["Outcome unknown", counts.unknown, "unknown"],
    ["Waiting", counts.pending, "pending"],
    ["Awaiting approval", counts["awaiting-approval"], "awaiting-approval"],
    ["Not sent", counts.rejected + counts.withdrawn + counts.expired, "not-sent"],
  ];

  return (
    <section aria-labelledby="progress-heading" className="flex flex-col gap-3">
      <h2 id="progress-heading" className="text-lg font-semibold">
        {HEADINGS[progress.status]}
      </h2>
      <BatchProgressBar counts={counts} label="Batch progress" size="md" className="max-w-3xl" />
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
        <p role="alert" className="text-destructive">
          {progress.error}
        </p>
      ) : null}
      {progress.status === "sending" && pace ? (
        <p className="text-sm" data-testid="batch-pace">
          {paceText(pace)}
        </p>
      ) : null}
      {progress.status === "sending" || progress.status === "done" ? (
        <p className="text-sm text-muted-foreground">
          The server sends the batch: you can close this page and come back.
        </p>
      ) : null}
      {canRetry && failed > 0 && progress.status === "done" ? (
        <div className="flex flex-col gap-1">
          <div>
            <ConfirmButton
              label={`Retry failed rows (${failed})`}
              className={buttonClass()}
              title={`Retry ${failed} row${failed === 1 ? "" : "s"} of batch ${batchId}?`}
              confirmLabel="Retry rows"
              pendingLabel="Retrying…"
              onConfirm={async () => {
                const result = await retryBatchAction({ batchId });
                if (!result.ok) {
                  setMessage(result.error);
                  toast.error("The rows were not retried.");
                  return;
                }
                setMessage(null);
                toast.success("Retrying the failed rows.");
                await queryClient.invalidateQueries({ queryKey: queryKeys.batch(batchId) });
              }}
            >
              <p>
                Each failed or unknown row is sent again with its own RequestID: a row the service already has
                is answered with its first outcome and not paid twice.
              </p>
            </ConfirmButton>
          </div>
          {message ? (
            <p role="status" className="text-sm text-destructive">
              {message}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
