import type { WalletResponse } from "@/lib/contract/awards";
import { decimalProblem, fromUnits, toUnits } from "@/lib/contract/decimal";
import { type PlanAward, planSettlement } from "@/lib/contract/settlement-plan";
import type { BulkRow } from "./validate";

type Wallet = WalletResponse["Data"];

/** One line of an award as the funds forecast needs it; symbol and chain name it when the wallet does not. */
export interface FundsLine {
  contractGuid: string;
  /** Exact decimal text. */
  amount: string;
  symbol?: string;
  chain?: string;
}

/** A direct distribution of the file: its line in the file and its token lines. */
export interface FundsAward {
  line: number;
  lines: FundsLine[];
}

/** One contract the file's direct rows use or need funded. Amounts are canonical decimal text. */
export interface ContractForecast {
  contractGuid: string;
  symbol: string;
  chain: string;
  /** The project wallet's balance now. */
  balance: string;
  /** What awards already waiting in the queue need of this contract, and how many they are. */
  queued: string;
  queuedAwards: number;
  /** This file's direct total on this contract, and its rows. */
  direct: string;
  directRows: number;
  /** Rows of this file on this contract that will wait in the queue. */
  waitingRows: number;
  /**
   * Funding this much (together with the other contracts' top-ups) lets every waiting row of the
   * file settle, with the queued awards they wait behind; "0" when nothing needs to be added here.
   */
  topUp: string;
}

export interface FundsForecast {
  /** Lines of the file's rows that will wait in the queue, in file order. */
  waitingLines: number[];
  /** The contracts of the file's direct rows, then any other contract they need funded. */
  contracts: ContractForecast[];
}

const units = (text: string) => (decimalProblem(text) === null ? toUnits(text) : 0n);
/** An amount as exact decimal text; one that is none (the dry run reports it) counts as nothing. */
const plain = (text: string | number) => fromUnits(units(String(text)));
const key = (contractGuid: string) => contractGuid.toLowerCase();

/** The file's direct rows as awards of one line each (an allowance needs no funds: docs/service.md, "Awards"). */
export function directAwards(rows: readonly BulkRow[]): FundsAward[] {
  return rows
    .filter((row) => row.mode === "direct")
    .map((row) => ({
      line: row.line,
      lines: [{ contractGuid: row.contractGuid, amount: row.amount, symbol: row.symbol, chain: row.chain }],
    }));
}

/**
 * Which of a file's direct distributions will wait in the queue, and the top-up per contract that
 * lets them settle: exact decimals, no floating point. The service's rule (docs/service.md,
 * "Awards": direct distribution, strict FIFO per contract), the settlement plan both programs
 * share (lib/contract/settlement-plan.ts), applied to the file behind the wallet's queue, row by
 * row in file order — the order the sender claims rows in:
 *
 * - A row waits when any of its contracts already has an award waiting — queued before the file,
 *   or an earlier row of the file that waits: the queue is strict first-in-first-out per contract,
 *   and a new award queues behind one that shares a contract with it even when the balance would
 *   cover it.
 * - A row also waits when the remaining balance of any one of its contracts cannot cover what the
 *   row needs of it: an award is paid whole or queued whole, never in part. So a row with lines
 *   on two contracts waits when either is short, and then it blocks both contracts for every
 *   later row — also the one that had enough.
 * - Otherwise the row is paid and its lines leave the remaining balance.
 *
 * The sender keeps several requests in flight, so rows may reach the service slightly out of file
 * order and which rows wait can differ a little from this count; the top-up does not depend on the
 * order. For each contract in the set a waiting row needs — its own contracts, and every contract
 * of any queued award that shares one of them, repeated until nothing is added (an earlier award
 * must settle first, and it settles only when all its contracts are covered) — the top-up is what
 * everything queued on that contract plus the file's direct total on it needs beyond the balance.
 * Funding those amounts covers every award of that set at once, so the oldest-first scan on
 * funding settles all of them, the file's waiting rows included.
 */
export function forecastFunds(awards: readonly FundsAward[], wallet: Wallet): FundsForecast {
  interface Entry {
    contractGuid: string;
    symbol: string;
    chain: string;
    balance: bigint;
    queued: bigint;
    queuedAwards: number;
    direct: bigint;
    directRows: number;
    waitingRows: number;
  }
  const contracts = new Map<string, Entry>();
  const entry = (line: Pick<FundsLine, "contractGuid" | "symbol" | "chain">): Entry => {
    const found = contracts.get(key(line.contractGuid));
    if (found) return found;
    const created: Entry = {
      contractGuid: line.contractGuid,
      symbol: line.symbol ?? "",
      chain: line.chain ?? "",
      balance: 0n,
      queued: 0n,
      queuedAwards: 0,
      direct: 0n,
      directRows: 0,
      waitingRows: 0,
    };
    contracts.set(key(line.contractGuid), created);
    return created;
  };
  for (const balance of wallet.Balances) {
    const known = entry({
      contractGuid: balance.ContractGuid,
      symbol: balance.Symbol,
      chain: balance.ChainName,
    });
    known.balance = units(balance.Amount);
  }

  // Every award that waits once the file is sent, as sets of contracts (for the top-up's closure).
  const waiting: Set<string>[] = [];
  const queued: PlanAward<string>[] = [];
  for (const award of wallet.Queue) {
    const lines = award.Tokens.map((line) => ({
      contract: key(line.ContractGuid),
      amount: plain(line.Amount),
    }));
    for (const line of award.Tokens)
      entry({ contractGuid: line.ContractGuid }).queued += units(String(line.Amount));
    const own = new Set(lines.map((line) => line.contract));
    for (const contract of own) (contracts.get(contract) as Entry).queuedAwards += 1;
    waiting.push(own);
    queued.push({ lines });
  }

  // The file's rows behind the queue: which the balances pay, in file order.
  const rows: PlanAward<string>[] = awards.map((award) => ({
    lines: award.lines.map((line) => ({ contract: key(line.contractGuid), amount: plain(line.amount) })),
  }));
  const balances = new Map([...contracts].map(([contract, c]) => [contract, fromUnits(c.balance)]));
  const paid = new Set(planSettlement(rows, balances, queued));

  const waitingLines: number[] = [];
  const fileContracts = new Set<string>();
  awards.forEach((award, index) => {
    const own = new Set<string>();
    for (const line of award.lines) {
      entry(line).direct += units(line.amount);
      own.add(key(line.contractGuid));
    }
    for (const contract of own) {
      (contracts.get(contract) as Entry).directRows += 1;
      fileContracts.add(contract);
    }
    if (paid.has(index)) return;
    waitingLines.push(award.line);
    waiting.push(own);
    for (const contract of own) (contracts.get(contract) as Entry).waitingRows += 1;
  });

  // The contracts the waiting rows need funded: theirs, and those of every award sharing one.
  const needed = new Set<string>();
  for (const contract of fileContracts)
    if ((contracts.get(contract) as Entry).waitingRows > 0) needed.add(contract);
  for (let grew = true; grew; ) {
    grew = false;
    for (const award of waiting) {
      if (![...award].some((contract) => needed.has(contract))) continue;
      for (const contract of award) {
        if (!needed.has(contract)) {
          needed.add(contract);
          grew = true;
        }
      }
    }
  }

  return {
    waitingLines,
    contracts: [...contracts.entries()]
      .filter(([contract]) => fileContracts.has(contract) || needed.has(contract))
      .sort(([a], [b]) => Number(fileContracts.has(b)) - Number(fileContracts.has(a)))
      .map(([contract, c]) => {
        const gap = c.queued + c.direct - c.balance;
        return {
          contractGuid: c.contractGuid,
          symbol: c.symbol,
          chain: c.chain,
          balance: fromUnits(c.balance),
          queued: fromUnits(c.queued),
          queuedAwards: c.queuedAwards,
          direct: fromUnits(c.direct),
          directRows: c.directRows,
          waitingRows: c.waitingRows,
          topUp: fromUnits(needed.has(contract) && gap > 0n ? gap : 0n),
        };
      }),
  };
}
