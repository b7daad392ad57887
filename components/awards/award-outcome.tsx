import Link from "next/link";
import { SECONDARY_BUTTON } from "@/components/ui/styles";

export type Outcome =
  | { kind: "sent"; status: string; error: string; requestId: string; customerId: string }
  | { kind: "refused"; error: string };

const OUTCOME_TEXT: Record<string, string> = {
  completed: "Completed: the player has the tokens.",
  queued: "Queued: waiting for project funds. It settles, in order, when the project wallet is funded.",
  accepted: "Accepted: the service took the award (it does not report whether it was paid or queued).",
};

export const SUCCEEDED = Object.keys(OUTCOME_TEXT);

/** What the last send did, with links to the player and the award, read by tests and screen readers. */
export function AwardOutcome({
  outcome,
  onAwardAgain,
}: {
  outcome: Outcome | null;
  onAwardAgain: () => void;
}) {
  return (
    <div role="status" data-testid="award-outcome" className="text-sm">
      {outcome?.kind === "refused" ? (
        <p className="text-red-700 dark:text-red-400">{outcome.error}</p>
      ) : outcome?.kind === "sent" ? (
        <div className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
          {OUTCOME_TEXT[outcome.status] ? (
            <p className="font-medium text-emerald-800 dark:text-emerald-300">
              {OUTCOME_TEXT[outcome.status]}
            </p>
          ) : outcome.status === "unknown" ? (
            <p className="font-medium text-amber-800 dark:text-amber-300">
              Outcome unknown. {outcome.error} Send the unchanged award again to retry it safely: it keeps its
              RequestID.
            </p>
          ) : (
            <p className="font-medium text-red-700 dark:text-red-400">Failed. {outcome.error}</p>
          )}
          <p>
            <Link
              href={`/players/${encodeURIComponent(outcome.customerId)}`}
              className="underline underline-offset-2"
            >
              Player {outcome.customerId}
            </Link>
            {" · "}
            <Link href={`/awards/${outcome.requestId}`} className="underline underline-offset-2">
              Award {outcome.requestId}
            </Link>
          </p>
          {SUCCEEDED.includes(outcome.status) ? (
            <div className="flex flex-wrap items-center gap-3">
              <span className="text-zinc-600 dark:text-zinc-400">The form is ready for a new award.</span>
              <button type="button" onClick={onAwardAgain} className={SECONDARY_BUTTON}>
                Award again
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
