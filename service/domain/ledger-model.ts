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

export type ModelStatus = "Completed" | "Queued" | "Cancelled";

export type ModelOutcome =
  | { status: ModelStatus }
  | { settled: string[] }
  | { conflict: "award" | "funding" };

/** `POST /ReverseAward` (docs/service.md, "Reversals"). */
export interface ModelReversal {
  reversalId: string;
  /** Canonical form: a repeat with another body is a conflict. */
  body: string;
  /** The award's RequestID. */
  requestId: string;
  /** The lines to take back; null: everything still reversible. */
  lines: readonly ModelLine[] | null;
}

/** Why a reversal is refused: the names `service.reverse_award` answers (migration 0019). */
export type ModelRefusal =
  | "not_found"
  | "funding"
  | "already_cancelled"
  | "already_reversed"
  | "queued_partial"
  | "not_in_award"
  | "on_chain"
  | "more_than_remains"
  | "insufficient";

export type ModelReversalOutcome =
  | {
      reversed: {
        status: "Cancelled" | "PartlyReversed" | "Reversed";
        /** What it took back, in the order it took it. */
        taken: ModelLine[];
        settled: string[];
      };
    }
  | { refused: ModelRefusal }
  | { conflict: "reversal" };

interface Stored {
  request: ModelRequest;
  status: ModelStatus;
  settled: string[];
  /** Per line of an award, the units its reversals took back. */
  reversed: bigint[];
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
  /** Every reversal done, by lower-case ReversalID (a namespace of its own). */
  readonly reversals = new Map<string, { body: string; outcome: ModelReversalOutcome }>();

  /** `onChain`: the contracts on a blockchain, whose direct distributions are final. */
  constructor(private readonly onChain: ReadonlySet<number> = new Set()) {}

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
    const stored: Stored = {
      request,
      status: "Completed",
      settled: [],
      reversed: request.lines.map(() => 0n),
    };
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
    const settled = this.settleQueue();
    this.requests.set(request.requestId.toLowerCase(), {
      request,
      status: "Completed",
      settled,
      reversed: [],
    });
    return { settled };
  }

  /** Pays what the project wallet now covers among the waiting awards, oldest first (rule 15). */
  private settleQueue(): string[] {
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
    return settled;
  }

  /**
   * `POST /ReverseAward`: a queued award cancelled whole; a completed one's lines taken back —
   * an allowance to the outside world, a direct distribution on the database chain to the project
   * wallet — each at most what remains of it and what the customer still holds there. Refusals
   * change nothing; what a reversal frees in the project wallet or the queue settles at once.
   */
  reverse(reversal: ModelReversal): ModelReversalOutcome {
    const done = this.reversals.get(reversal.reversalId.toLowerCase());
    if (done) return done.body === reversal.body ? done.outcome : { conflict: "reversal" };
    const stored = this.requests.get(reversal.requestId.toLowerCase());
    if (!stored) return { refused: "not_found" };
    if (stored.request.kind !== "award") return { refused: "funding" };
    const award = stored.request;
    if (stored.status === "Cancelled") return { refused: "already_cancelled" };
    const remains = award.lines.map((line, i) => line.amount - (stored.reversed[i] as bigint));
    const positionOf = (contract: number) => award.lines.findIndex((line) => line.contract === contract);

    let outcome: ModelReversalOutcome;
    if (stored.status === "Queued") {
      const whole =
        reversal.lines === null ||
        (reversal.lines.length === award.lines.length &&
          reversal.lines.every((line) => {
            const at = positionOf(line.contract);
            return at >= 0 && remains[at] === line.amount;
          }));
      if (!whole) return { refused: "queued_partial" };
      stored.status = "Cancelled";
      stored.reversed = [...award.lines.map((line) => line.amount)];
      this.queue.splice(this.queue.indexOf(award), 1);
      const taken = award.lines.map((line) => ({ ...line }));
      outcome = { reversed: { status: "Cancelled", taken, settled: this.settleQueue() } };
    } else {
      if (remains.every((units) => units === 0n)) return { refused: "already_reversed" };
      const reachable = (at: number) =>
        award.isAllowance || !this.onChain.has((award.lines[at] as ModelLine).contract);
      const take: { at: number; amount: bigint }[] = [];
      if (reversal.lines === null) {
        remains.forEach((units, at) => {
          if (units > 0n && reachable(at)) take.push({ at, amount: units });
        });
        if (take.length === 0) return { refused: "on_chain" };
      } else {
        for (const line of reversal.lines) {
          const at = positionOf(line.contract);
          if (at < 0) return { refused: "not_in_award" };
          if (!reachable(at)) return { refused: "on_chain" };
          if (line.amount > (remains[at] as bigint)) return { refused: "more_than_remains" };
          take.push({ at, amount: line.amount });
        }
      }
      const holder = (contract: number) =>
        award.isAllowance
          ? accountKey(contract, "allowance", award.customer)
          : accountKey(contract, "wallet", award.customer, award.wallet);
      for (const { at, amount } of take)
        if (this.balance(holder((award.lines[at] as ModelLine).contract)) < amount)
          return { refused: "insufficient" };
      for (const { at, amount } of take) {
        const contract = (award.lines[at] as ModelLine).contract;
        this.move(holder(contract), accountKey(contract, award.isAllowance ? "world" : "project"), amount);
        stored.reversed[at] = (stored.reversed[at] as bigint) + amount;
      }
      const whole = award.lines.every((line, i) => stored.reversed[i] === line.amount);
      outcome = {
        reversed: {
          status: whole ? "Reversed" : "PartlyReversed",
          // In the award's line order, as the service reads a reversal's lines back.
          taken: [...take]
            .sort((a, b) => a.at - b.at)
            .map(({ at, amount }) => ({ contract: (award.lines[at] as ModelLine).contract, amount })),
          settled: award.isAllowance ? [] : this.settleQueue(),
        },
      };
    }
    this.reversals.set(reversal.reversalId.toLowerCase(), { body: reversal.body, outcome });
    return outcome;
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
  awardStatuses(): Map<string, ModelStatus> {
    return new Map(
      [...this.requests]
        .filter(([, stored]) => stored.request.kind === "award")
        .map(([id, stored]) => [id, stored.status]),
    );
  }
}
