"use client";
import { type ReactNode, useId } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Link } from "@/components/ui/link";
import { When } from "@/components/ui/when";
import type { DryRunReport } from "@/lib/bulk/dry-run-report";
import { problemFile } from "@/lib/bulk/problem-file";
import { NOTE_TAG_LABELS } from "@/lib/model/player-notes";
import { newPlayersText, plural, warningBox } from "./dry-run-checks";

export const SHOWN_ERRORS = 200;

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

/** What the person confirms before a file with these warnings may be sent. */
export interface Confirmations {
  repeats: boolean;
  recent: boolean;
  newPlayers: boolean;
}

/**
 * The dry run's findings row by row: a file sent before, rows with errors (the file cannot be
 * sent), and the warnings the person ticks to send all the same (repeated rows, recent awards, new players).
 */
export function DryRunFindings({
  report,
  confirmed,
  onConfirm,
}: {
  report: DryRunReport;
  confirmed: Confirmations;
  onConfirm: (change: Partial<Confirmations>) => void;
}) {
  const newPlayers = report.newPlayers.players.length;
  const uncheckedPlayers = report.newPlayers.unchecked?.players ?? 0;
  return (
    <>
      {report.previous ? (
        <p className="rounded-lg border border-info/40 bg-info/10 p-3 text-sm">
          This exact file was sent before, as{" "}
          <Link href={`/awards/bulk/${report.previous.batchId}`} className="underline underline-offset-2">
            batch {report.previous.batchId}
          </Link>{" "}
          ({report.previous.actorEmail}, <When iso={report.previous.createdAt} />;{" "}
          {report.previous.counts.completed} completed). Its rows keep their RequestIDs: sending it again pays
          nobody twice.
        </p>
      ) : null}

      {report.errors.length + report.warnings.length > 0 ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm">
            {plural(report.errors.length, "row has errors", "rows have errors")},{" "}
            {plural(report.warnings.length, "row has warnings", "rows have warnings")}: the file lists each
            with a column saying which.
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
          <Confirmation checked={confirmed.repeats} onCheckedChange={(repeats) => onConfirm({ repeats })}>
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
                <Link href={`/awards/${row.requestId}`} className="font-mono underline underline-offset-2">
                  {row.requestId}
                </Link>{" "}
                ({row.sentBy}, <When iso={row.sentAt} />, {row.status})
              </li>
            ))}
          </ul>
          <Confirmation checked={confirmed.recent} onCheckedChange={(recent) => onConfirm({ recent })}>
            Send rows that repeat recent awards (they are paid again)
          </Confirmation>
        </div>
      ) : null}

      {report.pinnedNotes.length > 0 ? (
        <div className={warningBox} data-testid="dry-run-pinned-notes">
          <h3 className="font-semibold">Pinned notes on players of this file</h3>
          <p>Staff pinned these notes so that nobody pays these players without reading them.</p>
          <ul className="flex flex-col gap-1">
            {report.pinnedNotes.slice(0, SHOWN_ERRORS).map((note) => (
              <li key={`${note.customerId}-${note.createdAt}-${note.authorEmail}`} className="break-words">
                <span className="font-mono">{note.customerId}</span> — pinned note by {note.authorEmail}
                {note.tag ? ` [${NOTE_TAG_LABELS[note.tag]}]` : ""}, <When iso={note.createdAt} />:{" "}
                {note.text}
              </li>
            ))}
          </ul>
          {report.pinnedNotes.length > SHOWN_ERRORS ? (
            <p>…and {report.pinnedNotes.length - SHOWN_ERRORS} more: each player's page lists them.</p>
          ) : null}
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
          <Confirmation
            checked={confirmed.newPlayers}
            onCheckedChange={(newPlayers) => onConfirm({ newPlayers })}
          >
            {uncheckedPlayers > 0
              ? "Send to players that may be new too"
              : "Send to the new players too (their IDs are right)"}
          </Confirmation>
        </div>
      ) : null}
    </>
  );
}
