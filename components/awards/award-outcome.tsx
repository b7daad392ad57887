import type { Ref } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Link } from "@/components/ui/link";

export type Outcome =
  | {
      kind: "sent";
      status: string;
      error: string;
      requestId: string;
      customerId: string;
      /** Over a threshold: the request waiting for another person. */
      approvalId?: number | null;
    }
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
  ref,
}: {
  outcome: Outcome | null;
  onAwardAgain: () => void;
  /** The review hands the focus here once the service answered (focusable by that, not by Tab). */
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div ref={ref} tabIndex={-1} role="status" data-testid="award-outcome" className="text-sm outline-none">
      {outcome?.kind === "refused" ? (
        <p className="text-destructive">{outcome.error}</p>
      ) : outcome?.kind === "sent" ? (
        <div className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4">
          {outcome.status === "awaiting-approval" ? (
            <p className="font-medium text-info">
              Waiting for approval: written to the trail, and nothing is sent until another manager or owner
              approves it.{" "}
              {outcome.approvalId ? (
                <Link href={`/approvals/${outcome.approvalId}`} className="underline underline-offset-2">
                  See the request
                </Link>
              ) : null}
            </p>
          ) : OUTCOME_TEXT[outcome.status] ? (
            <p className={cn("font-medium", outcome.status === "queued" ? "text-info" : "text-success")}>
              {OUTCOME_TEXT[outcome.status]}
            </p>
          ) : outcome.status === "unknown" ? (
            <p className="font-medium text-warning">
              Outcome unknown. {outcome.error} Send the unchanged award again to retry it safely: it keeps its
              RequestID.
            </p>
          ) : (
            <p className="font-medium text-destructive">Failed. {outcome.error}</p>
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
          {SUCCEEDED.includes(outcome.status) || outcome.status === "awaiting-approval" ? (
            <div className="flex flex-wrap items-center gap-3">
              <span className="text-muted-foreground">The form is ready for a new award.</span>
              <Button variant="outline" onClick={onAwardAgain}>
                Award again
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
