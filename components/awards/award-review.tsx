import { Amount } from "@/components/ui/amount";
import type { AwardMode } from "@/lib/awards/award-input";
import type { DirectForecast } from "@/lib/awards/wallet";
import type { PlayerSummary } from "@/lib/players/holdings";

export interface ReviewLine {
  index: number;
  amount: string;
  symbol: string;
  chain: string;
  /** The token's GUID: what the player holds of it is shown once the review's check answered. */
  token: string;
}

export interface AwardReviewProps {
  customerId: string;
  /** The ID as typed differed (white space around it was dropped). */
  trimmed: boolean;
  mode: AwardMode;
  mintable: boolean;
  wallet: string;
  lines: ReviewLine[];
  reason: string;
  requestId: string;
  check:
    | { state: "checking" }
    | { state: "new" }
    | { state: "known"; summary: PlayerSummary }
    | { state: "failed"; error: string };
  /** A direct distribution: whether it would wait for project funds, asked when the review opened. */
  forecast?: DirectForecast | null;
}

/** The confirmation's summary: the exact ID that will be sent, every amount, and what is known of the player. */
export function AwardReview(props: AwardReviewProps) {
  const { customerId, trimmed, mode, mintable, wallet, lines, reason, requestId, check, forecast } = props;
  const label = "text-muted-foreground";
  return (
    <>
      <dl data-testid="award-summary" className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2">
        <dt className={label}>Player</dt>
        <dd>
          {/* The exact text sent, quotes visible, so a stray character cannot hide. */}
          <code
            data-testid="summary-customer-id"
            className="rounded border border-border bg-muted px-1.5 py-0.5 font-mono break-all whitespace-pre-wrap"
          >
            “{customerId}”
          </code>
          {trimmed ? (
            <span className="mt-1 block text-xs text-muted-foreground">
              Spaces around the ID were removed.
            </span>
          ) : null}
        </dd>
        <dt className={label}>Mode</dt>
        <dd>{mode === "allowance" ? `Allowance${mintable ? " (mintable)" : ""}` : "Direct distribution"}</dd>
        {mode === "direct" ? (
          <>
            <dt className={label}>Wallet</dt>
            <dd className="font-mono break-all">{wallet}</dd>
          </>
        ) : null}
        <dt className={label}>Tokens</dt>
        <dd>
          <ul>
            {lines.map((line) => (
              <li key={line.index}>
                <span className="font-mono">
                  <Amount value={line.amount} /> {line.symbol} on {line.chain}
                </span>
                {check.state === "known" ? (
                  <span className="text-xs text-muted-foreground">
                    {" "}
                    (holds{" "}
                    <Amount
                      value={
                        check.summary.tokens.find((t) => t.guid.toLowerCase() === line.token.toLowerCase())
                          ?.total ?? "0"
                      }
                    />{" "}
                    now)
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </dd>
        <dt className={label}>Reason</dt>
        <dd className="break-words">{reason}</dd>
        <dt className={label}>RequestID</dt>
        <dd className="font-mono text-xs break-all">{requestId}</dd>
      </dl>
      {mode === "direct" && forecast?.waits ? <QueueNotice forecast={forecast} /> : null}
      <p data-testid="review-player" className="mt-3">
        {check.state === "checking" ? (
          <span className="text-muted-foreground">Checking the player…</span>
        ) : check.state === "new" ? (
          <span className="font-medium text-warning">New player: no tokens or items yet.</span>
        ) : check.state === "failed" ? (
          <span className="text-warning">The player could not be checked: {check.error}</span>
        ) : (
          <span className="text-muted-foreground">Known player: holds tokens or items in this project.</span>
        )}
      </p>
    </>
  );
}

/** Before sending: this direct distribution will queue, and what the project wallet lacks for it. */
function QueueNotice({ forecast }: { forecast: DirectForecast }) {
  const waiting = Math.max(0, ...forecast.short.map((contract) => contract.queuedAwards));
  return (
    <p
      data-testid="review-queue"
      className="mt-3 rounded-md border border-warning/40 bg-warning/10 p-3 text-foreground"
    >
      <span className="font-medium">This award will wait in the queue for project funds.</span>{" "}
      {forecast.short.length > 0 ? (
        <>
          The project wallet is short by{" "}
          {forecast.short.map((contract, index) => (
            <span key={`${contract.symbol}|${contract.chain}`}>
              {index > 0 ? ", " : ""}
              <Amount value={contract.topUp} className="font-mono" /> {contract.symbol} on {contract.chain}
            </span>
          ))}
          {waiting > 0
            ? `, counting the ${waiting === 1 ? "award" : `${waiting} awards`} already waiting`
            : ""}
          .
        </>
      ) : (
        "Awards already wait ahead of it."
      )}{" "}
      It is paid, in order, once an owner funds the wallet.
    </p>
  );
}
