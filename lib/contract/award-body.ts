import { canonicalDecimal } from "./decimal";
import { canonicalGuid } from "./uuid-pattern";

/**
 * "Same body" (docs/service.md, "Awards (rules 13–17)": idempotency): a RequestID sent again must
 * carry the same award, else it is refused. Whether two bodies are the same is decided on one
 * canonical text, made here for both programs — the service, which stores it with the award and
 * compares a repeat's with it (service/domain/awards.ts), and the console's award trail, which
 * refuses a different award under a RequestID it already holds before anything is sent.
 *
 * The text holds every field but `ApiKey`: GUIDs lower-cased, amounts canonical decimals
 * (`1.50` = `1.5`), the fields the rules ignore dropped (`IsMintable` on a direct award, `Wallet`
 * on an allowance), the token lines as a set (sorted by token, contract, amount). `CustomerID`
 * and `Wallet` are compared as given. The service keeps this text in its database: changing its
 * form turns every stored award's repeat into a conflict, so it changes only with a migration of
 * the stored texts. Plain code (no schema library): the browser may load it too.
 */

export interface BodyLine {
  Guid: string;
  ContractGuid: string;
  /** Exact decimal text. */
  Amount: string;
}

export interface AwardBody {
  ProjectGuid: string;
  RequestID: string;
  IsAllowance: boolean;
  IsMintable: boolean;
  CustomerID: string;
  /** The destination of a direct award; anything (or nothing) for an allowance. */
  Wallet?: string | null;
  Tokens: readonly BodyLine[];
}

export interface FundingBody {
  ProjectGuid: string;
  RequestID: string;
  Tokens: readonly BodyLine[];
}

/** The canonical text of an award's body. */
export function canonicalAwardBody(award: AwardBody): string {
  return JSON.stringify({
    kind: "award",
    ProjectGuid: canonicalGuid(award.ProjectGuid),
    RequestID: canonicalGuid(award.RequestID),
    IsAllowance: award.IsAllowance,
    IsMintable: award.IsAllowance ? award.IsMintable : null,
    CustomerID: award.CustomerID,
    Wallet: award.IsAllowance ? null : (award.Wallet ?? ""),
    Tokens: canonicalLines(award.Tokens),
  });
}

/** The canonical text of a wallet funding's body (fundings share the awards' RequestIDs). */
export function canonicalFundingBody(funding: FundingBody): string {
  return JSON.stringify({
    kind: "funding",
    ProjectGuid: canonicalGuid(funding.ProjectGuid),
    RequestID: canonicalGuid(funding.RequestID),
    Tokens: canonicalLines(funding.Tokens),
  });
}

export interface ReversalBody {
  ProjectGuid: string;
  ReversalID: string;
  /** The award's. */
  RequestID: string;
  Reason: string;
  /** The lines to take back; absent: everything still reversible. */
  Tokens?: readonly BodyLine[] | null;
}

/**
 * The canonical text of a reversal's body (docs/service.md, "Reversals"): a ReversalID sent again
 * must carry the same reversal. `Reason` is compared as given; lines as a set, or null for
 * "everything still reversible".
 */
export function canonicalReversalBody(reversal: ReversalBody): string {
  return JSON.stringify({
    kind: "reversal",
    ProjectGuid: canonicalGuid(reversal.ProjectGuid),
    ReversalID: canonicalGuid(reversal.ReversalID),
    RequestID: canonicalGuid(reversal.RequestID),
    Reason: reversal.Reason,
    Tokens: reversal.Tokens ? canonicalLines(reversal.Tokens) : null,
  });
}

/** Whether two award bodies are the same award (a retry) in the service's sense. */
export function sameAwardBody(a: AwardBody, b: AwardBody): boolean {
  return canonicalAwardBody(a) === canonicalAwardBody(b);
}

function canonicalLines(lines: readonly BodyLine[]): BodyLine[] {
  return lines
    .map((line) => ({
      Guid: canonicalGuid(line.Guid),
      ContractGuid: canonicalGuid(line.ContractGuid),
      Amount: canonicalDecimal(line.Amount),
    }))
    .sort(
      (a, b) => order(a.Guid, b.Guid) || order(a.ContractGuid, b.ContractGuid) || order(a.Amount, b.Amount),
    );
}

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
