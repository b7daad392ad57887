"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { ConfirmDialog, OPENS_CONFIRM_DIALOG } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-footer";
import { Input } from "@/components/ui/input";
import { dryRunBatchReversalAction, reverseBatchAction } from "@/lib/actions/bulk/reverse-batch";
import { groupDigits } from "@/lib/format/grouped-decimal";
import { getJson } from "@/lib/live/get-json";
import { queryKeys } from "@/lib/live/query-keys";
import type { ActionData } from "@/lib/model/action-result";
import type { BatchReversalProgress } from "@/lib/model/reversal-status";

const POLL_MS = 1000;
const WAITING_POLL_MS = 5000;

const STOPPED: Record<string, string> = {
  rejected: "Rejected: nothing was taken back.",
  withdrawn: "Withdrawn: nothing was taken back.",
  expired: "Expired unapproved: nothing was taken back.",
};

type DryRun = ActionData<typeof dryRunBatchReversalAction>;

const count = (n: number, one: string, many: string) => `${groupDigits(String(n))} ${n === 1 ? one : many}`;

/** A batch reversal's live progress: its rows by what came of them, read every second while it runs. */
function ReversalProgress({ batchId, initial }: { batchId: number; initial: BatchReversalProgress }) {
  const { data } = useQuery({
    queryKey: queryKeys.batchReversal(batchId),
    queryFn: ({ signal }) => getJson<BatchReversalProgress>(`/api/batches/${batchId}/reversal`, signal),
    initialData: initial,
    // Sending: every second. Waiting for approval: now and then, so an approval elsewhere shows.
    refetchInterval: (query) =>
      query.state.data?.status === "sending" && !query.state.data.error
        ? POLL_MS
        : query.state.data?.status === "awaiting-approval"
          ? WAITING_POLL_MS
          : false,
  });
  const n = (status: string) => data.counts[status] ?? 0;
  const answered = n("done") + n("failed") + n("unknown");
  const request = data.approvalId ? (
    <a href={`/approvals/${data.approvalId}`} className="underline underline-offset-2">
      {data.status === "awaiting-approval" ? "See the request" : "Its approval request"}
    </a>
  ) : null;
  if (data.status === "awaiting-approval" || STOPPED[data.status])
    return (
      <div className="flex flex-col gap-2 text-sm" data-testid="batch-reversal-progress">
        <p className="font-medium" data-testid="batch-reversal-status">
          {STOPPED[data.status] ??
            `Waiting for approval: nothing is taken back from the ${count(data.rowCount, "row", "rows")} until another manager or owner approves it.`}
        </p>
        <p>{request}</p>
      </div>
    );
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="batch-reversal-progress">
      <p className="font-medium" data-testid="batch-reversal-status">
        {data.status === "done" ? "Reversal done" : "Reversing"}: {groupDigits(String(answered))} of{" "}
        {count(data.rowCount, "row", "rows")} answered.
      </p>
      <progress className="h-2 w-full max-w-md" max={Math.max(data.rowCount, 1)} value={answered} />
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        <li data-testid="reversal-count-done">Reversed: {groupDigits(String(n("done")))}</li>
        <li data-testid="reversal-count-failed">Refused: {groupDigits(String(n("failed")))}</li>
        <li data-testid="reversal-count-unknown">Outcome unknown: {groupDigits(String(n("unknown")))}</li>
        <li>Waiting: {groupDigits(String(n("pending") + n("sending")))}</li>
      </ul>
      {data.error ? <p className="text-destructive">{data.error}</p> : null}
      {request ? <p>{request}</p> : null}
      <p>
        By {data.actorEmail}: {data.reason}.{" "}
        <a href={`/awards/bulk/${batchId}/reversal.csv`} className="underline underline-offset-2">
          Download the reversal's results (CSV)
        </a>
      </p>
    </div>
  );
}

/**
 * Reverse a bulk batch as a batch (docs/console.md, "Reversals"): a dry run first — per row,
 * reversible or why not, and at most how much per token — then a reason and one confirmation;
 * the server reverses each row once (its ReversalID is made from the row's RequestID) and the
 * page follows its progress. Once reversed, the batch shows that reversal's progress instead.
 */
export function BatchReversalPanel({
  batchId,
  initial,
  canReverse,
}: {
  batchId: number;
  initial: BatchReversalProgress | null;
  canReverse: boolean;
}) {
  const [plan, setPlan] = useState<DryRun | null>(null);
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [started, setStarted] = useState<BatchReversalProgress | null>(initial);
  const dryRun = useFormAction(dryRunBatchReversalAction, { onSuccess: (data) => setPlan(data) });
  const reverse = useFormAction(reverseBatchAction, {
    success: (data) =>
      data.approvalId
        ? "Waiting for approval: another manager or owner must approve this reversal."
        : `Reversing ${count(data.rows, "row", "rows")} of the batch.`,
    onSuccess: (data) => {
      setConfirming(false);
      setStarted({
        id: data.batchReversalId,
        approvalId: data.approvalId,
        status: data.approvalId ? "awaiting-approval" : "sending",
        error: "",
        rowCount: data.rows,
        actorEmail: "",
        reason,
        createdAt: new Date().toISOString(),
        counts: { pending: data.rows },
      });
    },
    onFailure: () => setConfirming(false),
  });
  const totals = plan?.totals.map((t) => `${groupDigits(t.amount)} ${t.symbol}`).join(" + ") ?? "";

  return (
    <section aria-labelledby="batch-reversal-heading" className="flex max-w-3xl flex-col gap-3">
      <h2 id="batch-reversal-heading" className="text-lg font-semibold">
        Reverse this batch
      </h2>
      {started ? (
        <ReversalProgress batchId={batchId} initial={started} />
      ) : !canReverse ? (
        <p className="text-sm text-muted-foreground">Managers and owners can reverse a batch.</p>
      ) : plan === null ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-muted-foreground">
            The wrong file, the wrong token, ten times the amount: a dry run first shows what each row would
            give back, and why a row cannot.
          </p>
          <div>
            <Button
              type="button"
              variant="outline"
              disabled={dryRun.pending}
              onClick={() => void dryRun.run({ batchId })}
            >
              {dryRun.pending ? "Checking…" : "Dry run: what would be reversed"}
            </Button>
          </div>
          <FormError message={dryRun.error} />
        </div>
      ) : (
        <div className="flex flex-col gap-3 text-sm">
          <p data-testid="batch-reversal-plan">
            {count(plan.reversible, "row", "rows")} of {groupDigits(String(plan.rows))} can be reversed
            {plan.reversible > 0 ? `: at most ${totals} comes back.` : "."}
          </p>
          {plan.skipped.length > 0 ? (
            <ul className="list-disc pl-5" data-testid="batch-reversal-skipped">
              {plan.skipped.map((s) => (
                <li key={s.why}>
                  {count(s.rows, "row", "rows")}: {s.why}
                </li>
              ))}
            </ul>
          ) : null}
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-border">
                  <th className="py-1 pr-3 font-medium">Line</th>
                  <th className="py-1 pr-3 font-medium">Player</th>
                  <th className="py-1 pr-3 font-medium">Gives back at most</th>
                </tr>
              </thead>
              <tbody>
                {plan.preview.map((row) => (
                  <tr key={row.line} className="border-b border-border/60">
                    <td className="py-1 pr-3 tabular-nums">{row.line}</td>
                    <td className="py-1 pr-3 break-all">{row.customerId}</td>
                    <td className="py-1 pr-3">{row.why ?? row.what}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {plan.reversible > 0 ? (
            <>
              <Field
                label="Reason"
                hint="Kept with every row's reversal and shown on each player's record."
                error={reverse.fieldErrors.reason}
              >
                <Input value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
              </Field>
              <FormError message={reverse.error} />
              <div>
                <Button
                  type="button"
                  variant="destructive"
                  onClick={() =>
                    reason.trim()
                      ? setConfirming(true)
                      : reverse.showErrors({
                          fieldErrors: { reason: "must not be empty: say why the batch is reversed" },
                        })
                  }
                  {...OPENS_CONFIRM_DIALOG}
                >
                  Reverse {count(plan.reversible, "row", "rows")}…
                </Button>
              </div>
            </>
          ) : null}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        tone="danger"
        title="Reverse this batch?"
        confirmLabel={`Reverse ${plan ? count(plan.reversible, "row", "rows") : ""}`}
        pendingLabel="Starting…"
        pending={reverse.pending}
        onConfirm={() => void reverse.run({ batchId, reason })}
        onCancel={() => setConfirming(false)}
        testId="batch-reversal-confirm"
      >
        <div className="flex flex-col gap-2 text-sm">
          <p className="font-medium">
            Take back at most {totals} from {count(plan?.reversible ?? 0, "row", "rows")}: queued rows are
            cancelled, paid ones taken back from the players' allowances or wallets.
          </p>
          <p>Reason: {reason.trim()}</p>
          <p className="text-muted-foreground">
            Each row is reversed at most once, whatever happens: its ReversalID is made from its RequestID.
          </p>
        </div>
      </ConfirmDialog>
    </section>
  );
}
