"use client";
import { Amount } from "@/components/ui/amount";
import type { DryRunReport } from "@/lib/bulk/dry-run-report";
import { FundsTable } from "./dry-run-tables";

/** The box of a finding the person must weigh (a warning) and of one that is fine. */
export const warningBox =
  "flex min-w-0 flex-col gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm";
const plainBox = "flex min-w-0 flex-col gap-2 rounded-lg border border-border p-3 text-sm";

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "12 players are new: no tokens or items yet" — the count the dry run and the confirmation name. */
export function newPlayersText(count: number): string {
  return `${count === 1 ? "1 player is" : `${count} players are`} new: no tokens or items yet`;
}

/** One sentence on the project funds, for the dry run and the confirmation. */
export function fundsText(funds: DryRunReport["funds"]): string {
  if (funds.kind === "no-extension")
    return "Funds cannot be checked: this project's service has no project wallet (the Wallet extension).";
  if (funds.kind === "failed") return `Funds could not be checked: ${funds.message}`;
  if (funds.directRows === 0) return "No direct distributions: the file needs no project funds.";
  if (funds.waitingRows === 0)
    return `The project wallet covers ${funds.directRows === 1 ? "the direct row" : `all ${funds.directRows} direct rows`}.`;
  return `${funds.waitingRows} of ${plural(funds.directRows, "direct row", "direct rows")} will wait in the queue for project funds.`;
}

/** The dry run's funds check: the sentence, and per contract what clears the rows that would wait. */
export function FundsCheck({ funds }: { funds: DryRunReport["funds"] }) {
  const short = funds.kind === "checked" && funds.waitingRows > 0;
  return (
    <div data-testid="dry-run-funds" className={short ? warningBox : plainBox}>
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
export function PolicyCheck({ policy }: { policy: DryRunReport["policy"] }) {
  const ruled = policy.filter((token) => token.threshold !== null || token.limit !== null);
  if (ruled.length === 0) return null;
  const over = ruled.some((token) => token.overLimit);
  const waits = ruled.some((token) => token.needsApproval);
  return (
    <div data-testid="dry-run-policy" className={over || waits ? warningBox : plainBox}>
      <h3 className="font-semibold">Limits and approval</h3>
      <ul className="flex flex-col gap-1">
        {ruled.map((token) => (
          <li key={token.tokenGuid} data-testid={`policy-${token.symbol}`}>
            <span className="font-mono">
              <Amount value={token.amount} /> {token.symbol}
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
