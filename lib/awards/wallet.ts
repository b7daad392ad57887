import type { WalletResponse } from "@/lib/contract/awards";
import { decimalProblem, fromUnits, toUnits } from "@/lib/contract/decimal";

type Wallet = WalletResponse["Data"];

/** One contract of the project wallet: what it holds, what the queue waits for, and the gap. */
export interface ContractFunding {
  tokenGuid: string;
  symbol: string;
  contractGuid: string;
  chain: string;
  balance: string;
  queued: string;
  /** Queued total minus balance when positive: "top up this much to clear the queue"; else "0". */
  gap: string;
  waiting: number;
}

/** What the award review says of a direct distribution before it is sent (wallet-view.ts). */
export interface DirectForecast {
  /** It would wait in the queue: a contract is short, or awards wait ahead on one (strict FIFO). */
  waits: boolean;
  /** Each contract the wallet lacks funds on for it, with the awards already waiting there. */
  short: { symbol: string; chain: string; topUp: string; queuedAwards: number }[];
}

export interface QueuedAwardView {
  requestId: string;
  customerId: string;
  wallet: string;
  queuedAt: string;
  lines: { guid: string; contract: string; amount: string; symbol: string }[];
  /** Sent from this console: its RequestID links to the award's timeline. */
  inTrail: boolean;
}

/** The wallet page's data, plain and safe for the browser: the page's first paint and its live query. */
export interface WalletView {
  contracts: ContractFunding[];
  queue: QueuedAwardView[];
}

/**
 * The funding gap per contract (exact decimals): the queued total minus the balance. Funding
 * every gap clears the whole queue, since the queue is strict FIFO per contract (docs/service.md,
 * "Awards (rules 13–17)", rule 15) and an award waits only for contracts it has lines on.
 */
export function fundingGaps(wallet: Wallet): ContractFunding[] {
  const units = (text: string) => (decimalProblem(text) === null ? toUnits(text) : 0n);
  return wallet.Balances.map((balance) => {
    const key = balance.ContractGuid.toLowerCase();
    let queued = 0n;
    let waiting = 0;
    for (const award of wallet.Queue) {
      const lines = award.Tokens.filter((line) => line.ContractGuid.toLowerCase() === key);
      if (lines.length > 0) waiting += 1;
      for (const line of lines) queued += units(String(line.Amount));
    }
    const gap = queued - units(balance.Amount);
    return {
      tokenGuid: balance.TokenGuid,
      symbol: balance.Symbol,
      contractGuid: balance.ContractGuid,
      chain: balance.ChainName,
      balance: balance.Amount,
      queued: fromUnits(queued),
      gap: fromUnits(gap > 0n ? gap : 0n),
      waiting,
    };
  });
}
