"use client";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { OPENS_CONFIRM_DIALOG } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { checkBulkFileAction } from "@/lib/actions/bulk/check-bulk-file";
import { sendBulkFileAction } from "@/lib/actions/bulk/send-bulk-file";
import { MAX_FILE_BYTES, MAX_ROWS } from "@/lib/bulk/csv";
import type { DryRunReport } from "@/lib/bulk/dry-run-report";
import { FundsCheck, PolicyCheck } from "./dry-run-checks";
import { type Confirmations, DryRunFindings } from "./dry-run-findings";
import { PreviewTable, TotalsTable } from "./dry-run-tables";
import { SendBatchDialog } from "./send-batch-dialog";

const NONE_CONFIRMED: Confirmations = { repeats: false, recent: false, newPlayers: false };

/** Upload a bulk-award file, see its dry run, confirm what needs confirming, and send it. */
export function BulkUpload() {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<DryRunReport | null>(null);
  const [reason, setReason] = useState("");
  const [confirmed, setConfirmed] = useState<Confirmations>(NONE_CONFIRMED);
  const [reviewing, setReviewing] = useState(false);
  const confirm = (change: Partial<Confirmations>) => setConfirmed((current) => ({ ...current, ...change }));

  const checking = useFormAction(checkBulkFileAction, { onSuccess: setReport });
  const sending = useFormAction(sendBulkFileAction, {
    // A refused reason shows under its field; any other refusal under the file.
    sentence: { unlessShown: ["reason"] },
    onFailure: () => setReviewing(false),
    // The batch's own page follows its progress (a navigation, not a refresh).
    onSuccess: (data) => router.push(`/awards/bulk/${data.batchId}`),
  });
  const pending = checking.pending || sending.pending;
  const checkError = checking.fieldErrors.file ? `The file ${checking.fieldErrors.file}.` : checking.error;
  const error = sending.error ?? checkError;
  const reasonError = sending.fieldErrors.reason ?? null;
  const clearErrors = () => {
    checking.showErrors({});
    sending.showErrors({});
  };

  const form = (chosen: File) => {
    const data = new FormData();
    data.set("file", chosen);
    data.set("reason", reason);
    if (confirmed.repeats) data.set("confirmRepeats", "on");
    if (confirmed.recent) data.set("confirmRecent", "on");
    if (confirmed.newPlayers) data.set("confirmNewPlayers", "on");
    return data;
  };

  const check = () => {
    const chosen = input.current?.files?.[0] ?? null;
    setReport(null);
    setConfirmed(NONE_CONFIRMED);
    sending.showErrors({});
    if (!chosen) return checking.showErrors({ error: "Choose a CSV file first." });
    if (chosen.size > MAX_FILE_BYTES)
      return checking.showErrors({
        error: `The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB: split it into several batches.`,
      });
    checking.showErrors({});
    setFile(chosen);
    void checking.run(form(chosen));
  };

  /** Send batch opens the one confirmation dialog; only its confirm button sends. */
  const review = () => {
    if (!file || !report) return;
    if (reason.trim() === "")
      return sending.showErrors({
        fieldErrors: { reason: "is required: say why (kept in the award trail)" },
      });
    clearErrors();
    setReviewing(true);
  };

  const send = () => {
    if (!file || !report) return;
    void sending.run(form(file));
  };

  const newPlayers = report?.newPlayers.players.length ?? 0;
  const uncheckedPlayers = report?.newPlayers.unchecked?.players ?? 0;
  const blocked =
    !report ||
    report.errors.length > 0 ||
    (report.repeated.length > 0 && !confirmed.repeats) ||
    (report.recent.length > 0 && !confirmed.recent) ||
    (newPlayers + uncheckedPlayers > 0 && !confirmed.newPlayers) ||
    report.policy.some((token) => token.overLimit);
  const waits = report?.policy.some((token) => token.needsApproval) ?? false;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor="bulk-file" className="text-sm font-medium">
            CSV file
          </label>
          <Input
            ref={input}
            id="bulk-file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby="bulk-file-help"
            onChange={() => {
              setReport(null);
              clearErrors();
            }}
            className="h-auto py-1.5 file:mr-3 file:h-8 file:rounded file:border-0 file:bg-secondary file:px-3 file:text-secondary-foreground"
          />
        </div>
        <Button onClick={check} disabled={pending}>
          {pending && !report ? "Checking…" : "Check file"}
        </Button>
      </div>
      <p id="bulk-file-help" className="-mt-4 text-sm text-muted-foreground">
        A CSV file (UTF-8) with the columns above, up to {MAX_ROWS.toLocaleString("en-US")} rows and{" "}
        {MAX_FILE_BYTES / 1024 / 1024} MB. Checking sends nothing.
      </p>
      {error ? (
        <p role="alert" className="text-destructive" data-testid="bulk-error">
          {error}
        </p>
      ) : null}

      {report ? (
        <section aria-labelledby="dry-run-heading" className="flex flex-col gap-4" data-testid="dry-run">
          <h2 id="dry-run-heading" className="text-lg font-semibold">
            Dry run of {report.fileName}
          </h2>
          <p data-testid="dry-run-summary">
            {report.summary.rows} row{report.summary.rows === 1 ? "" : "s"}, {report.summary.players} player
            {report.summary.players === 1 ? "" : "s"},{" "}
            <span className={report.summary.errors > 0 ? "font-semibold text-destructive" : ""}>
              {report.summary.errors} with errors
            </span>
            .
          </p>
          {report.summary.totals.length > 0 ? <TotalsTable totals={report.summary.totals} /> : null}
          {report.preview.length > 0 ? (
            <section aria-labelledby="preview-heading" className="flex flex-col gap-2">
              <h3 id="preview-heading" className="font-medium">
                First rows, as they will be sent
              </h3>
              <PreviewTable rows={report.preview} of={report.summary.rows} />
            </section>
          ) : null}

          <DryRunFindings report={report} confirmed={confirmed} onConfirm={confirm} />

          <FundsCheck funds={report.funds} />
          <PolicyCheck policy={report.policy} />

          {report.errors.length === 0 ? (
            <div className="flex flex-col gap-3">
              <div className="flex max-w-2xl flex-col gap-1">
                <label htmlFor="bulk-reason" className="text-sm font-medium">
                  Reason
                </label>
                <Input
                  id="bulk-reason"
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  aria-invalid={reasonError ? true : undefined}
                  aria-describedby={reasonError ? "bulk-reason-error" : undefined}
                />
                {reasonError ? (
                  <p id="bulk-reason-error" className="text-sm text-destructive">
                    {reasonError}
                  </p>
                ) : null}
              </div>
              <div>
                <Button
                  onClick={review}
                  disabled={pending || blocked}
                  aria-haspopup="dialog"
                  {...OPENS_CONFIRM_DIALOG}
                >
                  {pending
                    ? "Sending…"
                    : `${waits ? "Ask for approval" : "Send batch"} (${report.summary.rows} award${report.summary.rows === 1 ? "" : "s"})`}
                </Button>
              </div>
              <SendBatchDialog
                open={reviewing}
                report={report}
                reason={reason}
                waits={waits}
                pending={pending}
                onConfirm={send}
                onCancel={() => setReviewing(false)}
              />
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
