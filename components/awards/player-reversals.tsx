import { Link } from "@/components/ui/link";
import { When } from "@/components/ui/when";
import type { TrailReversal } from "@/lib/model/reversal-status";
import { ReversalAmounts } from "./reversal-amounts";
import { ReversalStatusBadge } from "./reversal-status-badge";

export interface PlayerReversalRow extends TrailReversal {
  requestId: string;
}

/**
 * What staff took back from a player (docs/console.md, "Reversals"): each reversal of their awards
 * — who, when, why, how much, and what came of it — newest first, each linked to its award.
 */
export function PlayerReversals({
  reversals,
  symbolOf,
}: {
  reversals: PlayerReversalRow[];
  symbolOf: (guid: string) => string;
}) {
  if (reversals.length === 0) return null;
  return (
    <section aria-labelledby="reversals-heading" className="flex flex-col gap-3">
      <h2 id="reversals-heading" className="text-lg font-semibold">
        Reversals
      </h2>
      <ol data-testid="player-reversals" className="flex flex-col gap-2 text-sm">
        {reversals.map((reversal) => (
          <li key={reversal.id} className="flex flex-col gap-1 rounded-md border border-border p-3">
            <div className="flex flex-wrap items-center gap-2">
              <ReversalStatusBadge status={reversal.status} />
              <When iso={reversal.createdAt.toISOString()} className="text-muted-foreground" />
              <span className="text-muted-foreground">{reversal.actorEmail}</span>
            </div>
            <p>
              <ReversalAmounts lines={reversal.outcome?.taken ?? reversal.lines} symbolOf={symbolOf} />
              {reversal.outcome?.state === "Cancelled" ? " (cancelled while queued)" : ""} of{" "}
              <Link href={`/awards/${reversal.requestId}`} className="underline underline-offset-2">
                award <code className="font-mono text-xs">{reversal.requestId.slice(0, 8)}</code>
              </Link>
            </p>
            <p>Reason: {reversal.reason}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
