"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { type ReactNode, useId, useRef, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { ConfirmDialog, OPENS_CONFIRM_DIALOG } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { When } from "@/components/ui/when";
import { checkBulkFileAction } from "@/lib/actions/check-bulk-file";
import { sendBulkFileAction } from "@/lib/actions/send-bulk-file";
import { COLUMNS, MAX_FILE_BYTES } from "@/lib/bulk/csv";
import type { DryRunReport } from "@/lib/bulk/dry-run-report";
import { problemFile } from "@/lib/bulk/problem-file";
import { FundsTable, TotalsTable } from "./dry-run-tables";

const warningBox =
  "flex min-w-0 flex-col gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm";
const SHOWN_ERRORS = 200;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The rows with errors or warnings as a CSV file: line, kind, the fields as written, and why. */
function downloadProblems(report: DryRunReport) {
  const text = problemFile(report.errors, report.warnings);
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `${report.fileName.replace(/\.csv$/i, "")}-errors-and-warnings.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

/** "12 players are new: no tokens or items yet" — the count the dry run and the confirmation name. */
function newPlayersText(count: number): string {
  return `${count === 1 ? "1 player is" : `${count} players are`} new: no tokens or items yet`;
}

/** One sentence on the project funds, for the dry run and the confirmation. */
function fundsText(funds: DryRunReport["funds"]): string {
  if (funds.kind === "no-extension")
    return "Funds cannot be checked: this project's service has no project wallet (the Wallet extension).";
  if (funds.kind === "failed") return `Funds could not be checked: ${funds.message}`;
  if (funds.directRows === 0) return "No direct distributions: the file needs no project funds.";
  if (funds.waitingRows === 0)
    return `The project wallet covers ${funds.directRows === 1 ? "the direct row" : `all ${funds.directRows} direct rows`}.`;
  return `${funds.waitingRows} of ${plural(funds.directRows, "direct row", "direct rows")} will wait in the queue for project funds.`;
}

/** The dry run's funds check: the sentence, and per contract what clears the rows that would wait. */
function FundsCheck({ funds }: { funds: DryRunReport["funds"] }) {
  const short = funds.kind === "checked" && funds.waitingRows > 0;
  return (
    <div
      data-testid="dry-run-funds"
      className={
        short ? warningBox : "flex min-w-0 flex-col gap-2 rounded-lg border border-border p-3 text-sm"
      }
    >
      <h3 className="font-semibold">Project funds</h3>
      <p>{fundsText(funds)}</p>
      {funds.kind === "checked" && funds.waitingRows > 0 ? (
        <>
          <FundsTable contracts={funds.contracts} />
          <p>
            The rows are sent all the same: a row the wallet cannot cover waits in the queue, is never partly
            paid, and settles in order once the project wallet is funded by the top-ups above. Rows are
            counted in file order; the sender keeps several requests in flight, so which rows wait may differ
            a little, the top-up does not.
          </p>
        </>
      ) : null}
    </div>
  );
}

/**
 * The file's totals against the owners' award policy (docs/console.md, "Award policies"): over the
 * person's daily limit the file cannot be sent; over a threshold the whole batch waits for approval.
 */
function PolicyCheck({ policy }: { policy: DryRunReport["policy"] }) {
  const ruled = policy.filter((token) => token.threshold !== null || token.limit !== null);
  if (ruled.length === 0) return null;
  const over = ruled.some((token) => token.overLimit);
  const waits = ruled.some((token) => token.needsApproval);
  return (
    <div
      data-testid="dry-run-policy"
      className={
        over || waits ? warningBox : "flex min-w-0 flex-col gap-2 rounded-lg border border-border p-3 text-sm"
      }
    >
      <h3 className="font-semibold">Limits and approval</h3>
      <ul className="flex flex-col gap-1">
        {ruled.map((token) => (
          <li key={token.tokenGuid} data-testid={`policy-${token.symbol}`}>
            <span className="font-mono">
              {token.amount} {token.symbol}
            </span>{" "}
            in this file
            {token.limit !== null ? (
              <>
                {" · "}
                <span data-testid={`policy-remaining-${token.symbol}`}>
                  <span className="font-mono">{token.remaining}</span> of your {token.limit} left today
                </span>
                {token.overLimit ? <strong className="text-destructive"> — over your limit</strong> : null}
              </>
            ) : null}
            {token.threshold !== null ? (
              <>
                {" · "}approval above {token.threshold}
                {token.needsApproval ? <strong> — needs approval</strong> : null}
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {over ? (
        <p className="font-medium text-destructive">
          The file is over your daily limit and cannot be sent: split it, or ask an owner to raise the limit.
        </p>
      ) : waits ? (
        <p>
          The whole batch waits for another manager or owner to approve it; nothing is sent until then. Once
          approved it is sent as one batch, each row with its own RequestID.
        </p>
      ) : null}
    </div>
  );
}

/** A warning's tick box: what the person confirms is the box's label (kit Checkbox, thumb-high row). */
function Confirmation({
  checked,
  onCheckedChange,
  children,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-h-10 items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(state) => onCheckedChange(state === true)} />
      <label htmlFor={id} className="cursor-pointer">
        {children}
      </label>
    </div>
  );
}

/** Upload a bulk-award file, see its dry run, confirm what needs confirming, and send it. */
export function BulkUpload() {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [pending, startTransition] = useTransition();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<DryRunReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [confirmRepeats, setConfirmRepeats] = useState(false);
  const [confirmRecent, setConfirmRecent] = useState(false);
  const [confirmNewPlayers, setConfirmNewPlayers] = useState(false);
  const [reviewing, setReviewing] = useState(false);

  const form = (chosen: File) => {
    const data = new FormData();
    data.set("file", chosen);
    data.set("reason", reason);
    if (confirmRepeats) data.set("confirmRepeats", "on");
    if (confirmRecent) data.set("confirmRecent", "on");
    if (confirmNewPlayers) data.set("confirmNewPlayers", "on");
    return data;
  };

  const check = () => {
    const chosen = input.current?.files?.[0] ?? null;
    setReport(null);
    setConfirmRepeats(false);
    setConfirmRecent(false);
    setConfirmNewPlayers(false);
    if (!chosen) return setError("Choose a CSV file first.");
    if (chosen.size > MAX_FILE_BYTES)
      return setError(
        `The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB: split it into several batches.`,
      );
    setError(null);
    setFile(chosen);
    startTransition(async () => {
      const result = await checkBulkFileAction(form(chosen));
      if (!result.ok)
        return setError(result.fieldErrors?.file ? `The file ${result.fieldErrors.file}.` : result.error);
      setReport(result.data);
    });
  };

  /** Send batch opens the one confirmation dialog; only its confirm button sends. */
  const review = () => {
    if (!file || !report) return;
    if (reason.trim() === "") return setReasonError("is required: say why (kept in the award trail)");
    setReasonError(null);
    setError(null);
    setReviewing(true);
  };

  const send = () => {
    if (!file || !report) return;
    startTransition(async () => {
      const result = await sendBulkFileAction(form(file));
      if (!result.ok) {
        setReviewing(false);
        if (result.fieldErrors?.reason) return setReasonError(result.fieldErrors.reason);
        return setError(result.error);
      }
      router.push(`/awards/bulk/${result.data.batchId}`);
    });
  };

  const newPlayers = report?.newPlayers.players.length ?? 0;
  const uncheckedPlayers = report?.newPlayers.unchecked?.players ?? 0;
  const blocked =
    !report ||
    report.errors.length > 0 ||
    (report.repeated.length > 0 && !confirmRepeats) ||
    (report.recent.length > 0 && !confirmRecent) ||
    (newPlayers + uncheckedPlayers > 0 && !confirmNewPlayers) ||
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
              setError(null);
            }}
            className="h-auto py-1.5 file:mr-3 file:h-8 file:rounded file:border-0 file:bg-secondary file:px-3 file:text-secondary-foreground"
          />
        </div>
        <Button onClick={check} disabled={pending}>
          {pending && !report ? "Checking…" : "Check file"}
        </Button>
      </div>
      <p id="bulk-file-help" className="-mt-4 text-sm text-muted-foreground">
        UTF-8, comma or semicolon separated, a header row naming the columns{" "}
        <code className="font-mono">{COLUMNS.join(", ")}</code>; up to 10,000 rows and 5 MB. Amounts use a
        point (1.5); white space around a Customer ID is dropped. Nothing is sent until you check the file and
        send it.
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

          {report.previous ? (
            <p className="rounded-lg border border-info/40 bg-info/10 p-3 text-sm">
              This exact file was sent before, as{" "}
              <Link href={`/awards/bulk/${report.previous.batchId}`} className="underline underline-offset-2">
                batch {report.previous.batchId}
              </Link>{" "}
              ({report.previous.actorEmail}, <When iso={report.previous.createdAt} />;{" "}
              {report.previous.counts.completed} completed). Its rows keep their RequestIDs: sending it again
              pays nobody twice.
            </p>
          ) : null}

          {report.errors.length + report.warnings.length > 0 ? (
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-sm">
                {plural(report.errors.length, "row has errors", "rows have errors")},{" "}
                {plural(report.warnings.length, "row has warnings", "rows have warnings")}: the file lists
                each with a column saying which.
              </p>
              <Button variant="outline" onClick={() => downloadProblems(report)}>
                Download error and warning rows
              </Button>
            </div>
          ) : null}

          {report.errors.length > 0 ? (
            <div className="flex flex-col gap-2">
              <h3 className="font-semibold">Rows with errors (the batch cannot be sent while it has any)</h3>
              <ul className="flex flex-col gap-1 text-sm" data-testid="dry-run-errors">
                {report.errors.slice(0, SHOWN_ERRORS).map((row) => (
                  <li key={row.line}>
                    <span className="font-mono">Line {row.line}</span>: {row.problems.join("; ")}
                  </li>
                ))}
              </ul>
              {report.errors.length > SHOWN_ERRORS ? (
                <p className="text-sm">…and {report.errors.length - SHOWN_ERRORS} more in the error file.</p>
              ) : null}
            </div>
          ) : null}

          {report.repeated.length > 0 ? (
            <div className={warningBox}>
              <h3 className="font-semibold">Rows that repeat another row of the file</h3>
              <ul data-testid="dry-run-repeated">
                {report.repeated.slice(0, SHOWN_ERRORS).map((row) => (
                  <li key={row.line}>
                    Line {row.line} repeats line {row.sameAs}
                  </li>
                ))}
              </ul>
              <Confirmation checked={confirmRepeats} onCheckedChange={setConfirmRepeats}>
                Send the repeated rows too (each is a separate award)
              </Confirmation>
            </div>
          ) : null}

          {report.recent.length > 0 ? (
            <div className={warningBox}>
              <h3 className="font-semibold">Rows that repeat an award of the last 30 days</h3>
              <ul data-testid="dry-run-recent">
                {report.recent.slice(0, SHOWN_ERRORS).map((row) => (
                  <li key={row.line}>
                    Line {row.line} repeats award{" "}
                    <Link
                      href={`/awards/${row.requestId}`}
                      className="font-mono underline underline-offset-2"
                    >
                      {row.requestId}
                    </Link>{" "}
                    ({row.sentBy}, <When iso={row.sentAt} />, {row.status})
                  </li>
                ))}
              </ul>
              <Confirmation checked={confirmRecent} onCheckedChange={setConfirmRecent}>
                Send rows that repeat recent awards (they are paid again)
              </Confirmation>
            </div>
          ) : null}

          {newPlayers + uncheckedPlayers > 0 ? (
            <div className={warningBox} data-testid="dry-run-new-players">
              <h3 className="font-semibold">New players</h3>
              {newPlayers > 0 ? (
                <>
                  <p data-testid="new-player-count">{newPlayersText(newPlayers)}.</p>
                  <p>
                    The service knows nothing of them: check each ID, a mistyped one pays a player nobody will
                    ever log in as.
                  </p>
                  <ul className="flex flex-wrap gap-2" aria-label="New players">
                    {report.newPlayers.players.slice(0, SHOWN_ERRORS).map((id) => (
                      <li key={id} className="max-w-full rounded bg-card px-1.5 py-0.5 font-mono break-all">
                        {id}
                      </li>
                    ))}
                  </ul>
                  {newPlayers > SHOWN_ERRORS ? (
                    <p>…and {newPlayers - SHOWN_ERRORS} more in the error and warning file.</p>
                  ) : null}
                </>
              ) : null}
              {report.newPlayers.unchecked ? (
                <p data-testid="new-player-unchecked">
                  {plural(report.newPlayers.unchecked.players, "player was", "players were")} not checked: the
                  service could not be asked ({report.newPlayers.unchecked.message}). They may be new.
                </p>
              ) : null}
              <Confirmation checked={confirmNewPlayers} onCheckedChange={setConfirmNewPlayers}>
                {uncheckedPlayers > 0
                  ? "Send to players that may be new too"
                  : "Send to the new players too (their IDs are right)"}
              </Confirmation>
            </div>
          ) : null}

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
              <ConfirmDialog
                open={reviewing}
                title={waits ? "Ask for approval of this batch?" : "Send this batch?"}
                confirmLabel={waits ? "Ask for approval" : "Send batch"}
                pendingLabel={waits ? "Asking…" : "Sending…"}
                pending={pending}
                onConfirm={send}
                onCancel={() => setReviewing(false)}
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
                    Over an approval threshold: the batch is written and waits for another manager or owner;
                    nothing is sent until then.
                  </p>
                ) : null}
                {report.repeated.length + report.recent.length > 0 ? (
                  <p className="mt-3">
                    Confirmed:{" "}
                    {report.repeated.length > 0
                      ? plural(report.repeated.length, "repeated row", "repeated rows")
                      : ""}
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
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
