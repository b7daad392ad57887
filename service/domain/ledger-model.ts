import { fromUnits } from "@/lib/contract/decimal";
import { type PlanAward, planSettlement } from "@/lib/contract/settlement-plan";

/**
 * The ledger's rules as a small pure model (docs/service.md, "Awards" and "The ledger"): what
 * every award, funding and replay must do to the balances, the queue and the statuses. The rules
 * themselves live in the database functions (migrations 0002 and 0004); this model is what they
 * are tested against (ledger-rules.db.test.ts drives random sequences through both). Which
 * direct awards are paid and which wait is the settlement plan both programs share
 * (lib/contract/settlement-plan.ts). Amounts are units (bigint); contracts are numbers; accounts
 * are keyed by owner.
 */

export type ModelAccountKind = "world" | "project" | "wallet" | "allowance";

export interface ModelLine {
  contract: number;
  /** Units, > 0. */
  amount: bigint;
}

export interface ModelAward {
  kind: "award";
  requestId: string;
  /** Canonical form of the request: a replay with another body is a conflict (rule 17). */
  body: string;
  customer: string;
  isAllowance: boolean;
  /** Destination wallet of a direct award; "" for an allowance. */
  wallet: string;
  /** Each contract at most once (rule 13). */
  lines: readonly ModelLine[];
}

export interface ModelFunding {
  kind: "funding";
  requestId: string;
  body: string;
  lines: readonly ModelLine[];
}

export type ModelRequest = ModelAward | ModelFunding;

export type ModelOutcome =
  | { status: "Completed" | "Queued" }
  | { settled: string[] }
  | { conflict: "award" | "funding" };

interface Stored {
  request: ModelRequest;
  status: "Completed" | "Queued";
  settled: string[];
}

export const accountKey = (contract: number, kind: ModelAccountKind, customer = "", wallet = "") =>
  `${contract}|${kind}|${customer}|${wallet}`;

export class LedgerModel {
  /** Units per account key; an account never moved is absent (zero). */
  readonly balances = new Map<string, bigint>();
  /** Waiting direct awards, oldest first. */
  readonly queue: ModelAward[] = [];
  /** Every award and funding by lower-case RequestID (one namespace per project). */
  readonly requests = new Map<string, Stored>();

  private move(from: string, to: string, amount: bigint): void {
    this.balances.set(from, (this.balances.get(from) ?? 0n) - amount);
    this.balances.set(to, (this.balances.get(to) ?? 0n) + amount);
  }

  private balance(key: string): bigint {
    return this.balances.get(key) ?? 0n;
  }

  /** An import's opening balance: from the outside world of its contract. */
  open(
    contract: number,
    kind: Exclude<ModelAccountKind, "world">,
    amount: bigint,
    customer = "",
    wallet = "",
  ) {
    this.move(accountKey(contract, "world"), accountKey(contract, kind, customer, wallet), amount);
  }

  /** A request sent once more: its stored outcome, or a conflict when the body differs. */
  private replay(request: ModelRequest): ModelOutcome | null {
    const stored = this.requests.get(request.requestId.toLowerCase());
    if (!stored) return null;
    if (stored.request.kind !== request.kind || stored.request.body !== request.body)
      return { conflict: stored.request.kind };
    return stored.request.kind === "award" ? { status: stored.status } : { settled: stored.settled };
  }

  /** `POST /AwardTokens` (rules 14–17). */
  award(request: ModelAward): ModelOutcome {
    const replayed = this.replay(request);
    if (replayed) return replayed;
    const stored: Stored = { request, status: "Completed", settled: [] };
    this.requests.set(request.requestId.toLowerCase(), stored);
    if (request.isAllowance) {
      for (const line of request.lines)
        this.move(
          accountKey(line.contract, "world"),
          accountKey(line.contract, "allowance", request.customer),
          line.amount,
        );
      return { status: "Completed" };
    }
    // Rule 15: queued while the wallet does not cover every line, or while an earlier award
    // that shares a contract with it waits — even when the wallet would cover it.
    const paid = planSettlement(
      [this.planned(request)],
      this.wallet(request.lines),
      this.queue.map(this.planned),
    );
    if (paid.length === 0) {
      this.queue.push(request);
      stored.status = "Queued";
      return { status: "Queued" };
    }
    this.pay(request);
    return { status: "Completed" };
  }

  /** `POST /FundWallet`: credit the project wallet, then settle the queue in order. */
  fund(request: ModelFunding): ModelOutcome {
    const replayed = this.replay(request);
    if (replayed) return replayed;
    for (const line of request.lines)
      this.move(accountKey(line.contract, "world"), accountKey(line.contract, "project"), line.amount);
    const settling = new Set(
      planSettlement(this.queue.map(this.planned), this.wallet(this.queue.flatMap((award) => award.lines))),
    );
    const settled: string[] = [];
    const waiting = this.queue.filter((award, id) => {
      if (!settling.has(id)) return true;
      this.pay(award);
      (this.requests.get(award.requestId.toLowerCase()) as Stored).status = "Completed";
      settled.push(award.requestId);
      return false;
    });
    this.queue.splice(0, this.queue.length, ...waiting);
    this.requests.set(request.requestId.toLowerCase(), { request, status: "Completed", settled });
    return { settled };
  }

  /** An award as the settlement plan reads it: exact decimal text, not units. */
  private planned = (award: ModelAward): PlanAward<number> => ({
    lines: award.lines.map((line) => ({ contract: line.contract, amount: fromUnits(line.amount) })),
  });

  /** The project wallet's balances of the lines' contracts. */
  private wallet(lines: readonly ModelLine[]): Map<number, string> {
    return new Map(
      lines.map((line) => [line.contract, fromUnits(this.balance(accountKey(line.contract, "project")))]),
    );
  }

  private pay(award: ModelAward): void {
    for (const line of award.lines)
      this.move(
        accountKey(line.contract, "project"),
        accountKey(line.contract, "wallet", award.customer, award.wallet),
        line.amount,
      );
  }

  /** Non-zero balances only: an account the database created but never moved is zero. */
  nonZeroBalances(): Map<string, bigint> {
    return new Map([...this.balances].filter(([, units]) => units !== 0n));
  }

  /** Status of every award (not fundings), by lower-case RequestID. */
  awardStatuses(): Map<string, "Completed" | "Queued"> {
    return new Map(
      [...this.requests]
        .filter(([, stored]) => stored.request.kind === "award")
        .map(([id, stored]) => [id, stored.status]),
    );
  }
}
