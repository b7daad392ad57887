"use client";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { DryRunReport } from "@/lib/bulk/dry-run-report";
import { fundsText, newPlayersText, plural } from "./dry-run-checks";
import { TotalsTable } from "./dry-run-tables";

export interface SendBatchDialogProps {
  open: boolean;
  report: DryRunReport;
  reason: string;
  /** Over an approval threshold: the batch is written and waits for a second person. */
  waits: boolean;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The bulk upload's one confirmation: the file, its rows, players and totals, the funds, and what was confirmed. */
export function SendBatchDialog({
  open,
  report,
  reason,
  waits,
  pending,
  onConfirm,
  onCancel,
}: SendBatchDialogProps) {
  const newPlayers = report.newPlayers.players.length;
  const uncheckedPlayers = report.newPlayers.unchecked?.players ?? 0;
  return (
    <ConfirmDialog
      open={open}
      title={waits ? "Ask for approval of this batch?" : "Send this batch?"}
      confirmLabel={waits ? "Ask for approval" : "Send batch"}
      pendingLabel={waits ? "Asking…" : "Sending…"}
      pending={pending}
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="send-batch-dialog"
    >
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">File</dt>
        <dd className="break-all font-mono" data-testid="confirm-file">
          {report.fileName}
        </dd>
        <dt className="text-muted-foreground">Rows</dt>
        <dd data-testid="confirm-rows">{plural(report.summary.rows, "award", "awards")}</dd>
        <dt className="text-muted-foreground">Players</dt>
        <dd data-testid="confirm-players">
          {report.summary.players}
          {newPlayers > 0 ? ` (${newPlayersText(newPlayers)})` : ", none new"}
          {uncheckedPlayers > 0 ? `; ${uncheckedPlayers} not checked` : ""}
        </dd>
        <dt className="text-muted-foreground">Reason</dt>
        <dd className="break-words">{reason.trim()}</dd>
      </dl>
      <div className="mt-3">
        <TotalsTable totals={report.summary.totals} />
      </div>
      <p className="mt-3">{fundsText(report.funds)}</p>
      {waits ? (
        <p className="mt-3 font-medium" data-testid="confirm-waits">
          Over an approval threshold: the batch is written and waits for another manager or owner; nothing is
          sent until then.
        </p>
      ) : null}
      {report.repeated.length + report.recent.length > 0 ? (
        <p className="mt-3">
          Confirmed:{" "}
          {report.repeated.length > 0 ? plural(report.repeated.length, "repeated row", "repeated rows") : ""}
          {report.repeated.length > 0 && report.recent.length > 0 ? ", " : ""}
          {report.recent.length > 0
            ? plural(
                report.recent.length,
                "row that repeats a recent award",
                "rows that repeat recent awards",
              )
            : ""}
          .
        </p>
      ) : null}
      <p className="mt-3 text-muted-foreground">
        Each row keeps its own RequestID: sending this file again pays nobody twice.
      </p>
    </ConfirmDialog>
  );
}
