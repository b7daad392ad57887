import { Link } from "@/components/ui/link";
import { When } from "@/components/ui/when";
import type { ReversalView, TrailReversal } from "@/lib/model/reversal-status";
import { RetryReversalButton } from "./retry-reversal-button";
import { ReversalAmounts } from "./reversal-amounts";
import { ReversalStatusBadge } from "./reversal-status-badge";
import { ReverseAwardPanel } from "./reverse-award-panel";

export interface AwardReversalsProps {
  requestId: string;
  customerId: string;
  trail: TrailReversal[];
  /** Null: the person may not reverse. */
  view: ReversalView | null;
  symbolOf: (guid: string) => string;
}

/**
 * An award's reversals (docs/console.md, "Reversals"): each one the trail holds — who, when, why,
 * how much, and what came of it, with Retry for a lost answer — and the Reverse panel, or why
 * nothing can be reversed.
 */
export function AwardReversals({ requestId, customerId, trail, view, symbolOf }: AwardReversalsProps) {
  if (trail.length === 0 && view === null) return null;
  return (
    <section aria-labelledby="reversals-heading" className="flex max-w-3xl flex-col gap-3">
      <h2 id="reversals-heading" className="text-lg font-semibold">
        Reversals
      </h2>
      {trail.length > 0 ? (
        <ol data-testid="award-reversals" className="flex flex-col gap-3 text-sm">
          {trail.map((reversal) => {
            const lines = reversal.outcome?.taken ?? reversal.lines;
            return (
              <li key={reversal.id} className="flex flex-col gap-1 rounded-md border border-border p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <ReversalStatusBadge status={reversal.status} />
                  <When iso={reversal.createdAt.toISOString()} className="text-muted-foreground" />
                  <span className="text-muted-foreground">{reversal.actorEmail}</span>
                </div>
                <p>
                  <ReversalAmounts lines={lines} symbolOf={symbolOf} />
                  {reversal.outcome?.state === "Cancelled" ? " (cancelled while queued)" : ""}
                </p>
                <p>Reason: {reversal.reason}</p>
                {reversal.approvalId !== null ? (
                  <p>
                    <Link href={`/approvals/${reversal.approvalId}`} className="underline underline-offset-2">
                      {reversal.status === "awaiting-approval" ? "See the request" : "Its approval request"}
                    </Link>
                  </p>
                ) : null}
                {reversal.error ? <p className="text-destructive">{reversal.error}</p> : null}
                {reversal.status === "unknown" && reversal.batchReversalId === null ? (
                  <RetryReversalButton
                    reversal={{
                      requestId,
                      reversalId: reversal.reversalId,
                      reason: reversal.reason,
                      lines:
                        reversal.lines?.map((l) => ({
                          token: l.Guid,
                          contract: l.ContractGuid,
                          amount: l.Amount,
                        })) ?? null,
                    }}
                  />
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      {view?.kind === "unavailable" ? (
        <p data-testid="reversal-unavailable" className="text-sm text-muted-foreground">
          {view.why}
        </p>
      ) : view?.kind === "ready" && view.nothing ? (
        <p data-testid="reversal-unavailable" className="text-sm text-muted-foreground">
          {view.nothing}
        </p>
      ) : view?.kind === "ready" ? (
        <ReverseAwardPanel
          requestId={requestId}
          customerId={customerId}
          state={view.state}
          isAllowance={view.isAllowance}
          wallet={view.wallet}
          lines={view.lines}
        />
      ) : null}
    </section>
  );
}
