"use client";
import { Amount } from "@/components/ui/amount";
import { Link } from "@/components/ui/link";
import type { PlayerSummary } from "@/lib/players/holdings";

export interface PlayerCheckProps {
  customerId: string | null;
  summary: PlayerSummary | undefined;
  loading: boolean;
  error: Error | null;
}

/**
 * Under the Customer ID: who this player is to the service now (balances), or that they are new.
 * Its line is kept while there is nothing to say yet, so the form below never moves as the check
 * comes and goes: a button the person is about to press stays where they aim.
 */
export function PlayerCheck({ customerId, summary, loading, error }: PlayerCheckProps) {
  let body: React.ReactNode = null;
  if (customerId === null || (!loading && !error && !summary)) body = null;
  else if (loading) body = <span className="text-muted-foreground">Checking the player…</span>;
  else if (error)
    body = <span className="text-warning">The player could not be checked: {error.message}</span>;
  else if (summary?.isNew)
    body = (
      <span className="font-medium text-warning">
        New player: no tokens or items yet. Check the Customer ID.
      </span>
    );
  else if (summary)
    body = (
      <span>
        Holds{" "}
        {summary.tokens.length > 0
          ? summary.tokens.map((token, index) => (
              <span key={token.guid}>
                {index > 0 ? ", " : ""}
                <Amount value={token.total} className="font-mono" /> {token.symbol}
              </span>
            ))
          : "no tokens"}
        {summary.itemCount > 0 ? ` and ${summary.itemCount} item${summary.itemCount === 1 ? "" : "s"}` : ""}
        {" · "}
        <Link
          href={`/players/${encodeURIComponent(summary.customerId)}`}
          className="underline underline-offset-2"
        >
          player page
        </Link>
      </span>
    );
  return (
    <p data-testid="player-check" aria-live="polite" className="min-h-5 text-sm">
      {body}
    </p>
  );
}
