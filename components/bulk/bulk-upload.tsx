"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState, useTransition } from "react";
import { PRIMARY_BUTTON } from "@/components/ui/styles";
import { checkBulkFileAction } from "@/lib/actions/check-bulk-file";
import { sendBulkFileAction } from "@/lib/actions/send-bulk-file";
import type { DryRunReport } from "@/lib/bulk/bulk-award";
import { COLUMNS, csvLine, MAX_FILE_BYTES } from "@/lib/bulk/csv";

const field = "rounded-md border border-zinc-300 bg-white px-3 py-2 dark:border-zinc-700 dark:bg-zinc-900";
const SHOWN_ERRORS = 200;

/** The error rows as a CSV file: line, the fields as written, and what is wrong. */
function downloadErrors(report: DryRunReport) {
  const text =
    csvLine(["line", ...COLUMNS, "problems"]) +
    report.errors
      .map((row) =>
        csvLine([String(row.line), ...COLUMNS.map((c) => row.fields[c]), row.problems.join("; ")]),
      )
      .join("");
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `${report.fileName.replace(/\.csv$/i, "")}-errors.csv`;
  link.click();
  URL.revokeObjectURL(url);
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

  const form = (chosen: File) => {
    const data = new FormData();
    data.set("file", chosen);
    data.set("reason", reason);
    if (confirmRepeats) data.set("confirmRepeats", "on");
    if (confirmRecent) data.set("confirmRecent", "on");
    return data;
  };

  const check = () => {
    const chosen = input.current?.files?.[0] ?? null;
    setReport(null);
    setConfirmRepeats(false);
    setConfirmRecent(false);
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

  const send = () => {
    if (!file || !report) return;
    if (reason.trim() === "") return setReasonError("is required: say why (kept in the award trail)");
    setReasonError(null);
    startTransition(async () => {
      const result = await sendBulkFileAction(form(file));
      if (!result.ok) {
        if (result.fieldErrors?.reason) return setReasonError(result.fieldErrors.reason);
        return setError(result.error);
      }
      router.push(`/awards/bulk/${result.data.batchId}`);
    });
  };

  const blocked =
    !report ||
    report.errors.length > 0 ||
    (report.repeated.length > 0 && !confirmRepeats) ||
    (report.recent.length > 0 && !confirmRecent);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="bulk-file" className="text-sm font-medium">
            CSV file
          </label>
          <input
            ref={input}
            id="bulk-file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby="bulk-file-help"
            onChange={() => {
              setReport(null);
              setError(null);
            }}
            className={field}
          />
        </div>
        <button type="button" onClick={check} disabled={pending} className={PRIMARY_BUTTON}>
          {pending && !report ? "Checking…" : "Check file"}
        </button>
      </div>
      <p id="bulk-file-help" className="-mt-4 text-sm text-zinc-600 dark:text-zinc-400">
        UTF-8, comma or semicolon separated, a header row naming the columns{" "}
        <code className="font-mono">{COLUMNS.join(", ")}</code>; up to 10,000 rows and 5 MB. Amounts use a
        point (1.5). Nothing is sent until you check the file and send it.
      </p>
      {error ? (
        <p role="alert" className="text-red-700 dark:text-red-400" data-testid="bulk-error">
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
            <span className={report.summary.errors > 0 ? "font-semibold text-red-700 dark:text-red-400" : ""}>
              {report.summary.errors} with errors
            </span>
            .
          </p>
          {report.summary.totals.length > 0 ? (
            <table className="w-full max-w-2xl text-left text-sm">
              <caption className="sr-only">Totals per token, contract and mode</caption>
              <thead className="text-xs uppercase tracking-wide text-zinc-600 dark:text-zinc-400">
                <tr>
                  {["Token", "Chain", "Mode", "Rows", "Total"].map((name) => (
                    <th key={name} scope="col" className="py-1 pr-4 font-medium">
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.summary.totals.map((total) => (
                  <tr
                    key={`${total.symbol}|${total.chain}|${total.mode}`}
                    className="border-t border-zinc-200 dark:border-zinc-800"
                  >
                    <td className="py-1 pr-4 font-semibold">{total.symbol}</td>
                    <td className="py-1 pr-4">{total.chain}</td>
                    <td className="py-1 pr-4">{total.mode === "allowance" ? "Allowance" : "Direct"}</td>
                    <td className="py-1 pr-4 tabular-nums">{total.rows}</td>
                    <td className="py-1 pr-4 font-mono tabular-nums">{total.amount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}

          {report.previous ? (
            <p className="rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm dark:border-sky-800 dark:bg-sky-950">
              This exact file was sent before, as{" "}
              <Link href={`/awards/bulk/${report.previous.batchId}`} className="underline underline-offset-2">
                batch {report.previous.batchId}
              </Link>{" "}
              ({report.previous.actorEmail}, {report.previous.createdAt.slice(0, 10)};{" "}
              {report.previous.counts.completed} completed). Its rows keep their RequestIDs: sending it again
              pays nobody twice.
            </p>
          ) : null}

          {report.errors.length > 0 ? (
            <div className="flex flex-col gap-2">
              <div className="flex flex-wrap items-center gap-3">
                <h3 className="font-semibold">
                  Rows with errors (the batch cannot be sent while it has any)
                </h3>
                <button
                  type="button"
                  onClick={() => downloadErrors(report)}
                  className="rounded-md border border-zinc-300 px-3 py-1.5 text-sm dark:border-zinc-700"
                >
                  Download error rows
                </button>
              </div>
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
            <div className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950">
              <h3 className="font-semibold">Rows that repeat another row of the file</h3>
              <ul data-testid="dry-run-repeated">
                {report.repeated.slice(0, SHOWN_ERRORS).map((row) => (
                  <li key={row.line}>
                    Line {row.line} repeats line {row.sameAs}
                  </li>
                ))}
              </ul>
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={confirmRepeats}
                  onChange={(e) => setConfirmRepeats(e.target.checked)}
                />
                Send the repeated rows too (each is a separate award)
              </label>
            </div>
          ) : null}

          {report.recent.length > 0 ? (
            <div className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950">
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
                    ({row.sentBy}, {row.sentAt.slice(0, 10)}, {row.status})
                  </li>
                ))}
              </ul>
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={confirmRecent}
                  onChange={(e) => setConfirmRecent(e.target.checked)}
                />
                Send rows that repeat recent awards (they are paid again)
              </label>
            </div>
          ) : null}

          {report.errors.length === 0 ? (
            <div className="flex flex-col gap-3">
              <div className="flex max-w-2xl flex-col gap-1">
                <label htmlFor="bulk-reason" className="text-sm font-medium">
                  Reason
                </label>
                <input
                  id="bulk-reason"
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  aria-invalid={reasonError ? true : undefined}
                  aria-describedby={reasonError ? "bulk-reason-error" : undefined}
                  className={field}
                />
                {reasonError ? (
                  <p id="bulk-reason-error" className="text-sm text-red-700 dark:text-red-400">
                    {reasonError}
                  </p>
                ) : null}
              </div>
              <div>
                <button type="button" onClick={send} disabled={pending || blocked} className={PRIMARY_BUTTON}>
                  {pending
                    ? "Sending…"
                    : `Send batch (${report.summary.rows} award${report.summary.rows === 1 ? "" : "s"})`}
                </button>
              </div>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
