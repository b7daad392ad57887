import type { TokenCheck } from "@/lib/approvals/policy-model";
import type { PinnedNote } from "@/lib/model/player-notes";
import type { BatchCounts } from "./batch-counts";
import type { ContractForecast } from "./funds";
import type { ProblemRow } from "./problem-file";
import type { BulkRow, RepeatedRow, RowError, Total } from "./validate";

/** What the dry run shows: plain data, safe to hand to the browser (no key, no connection). */
export interface DryRunReport {
  fileName: string;
  fileSha256: string;
  summary: { rows: number; players: number; totals: Total[]; errors: number };
  /**
   * The file's first rows that pass every check, as they will be sent (trimmed Customer ID, token
   * and chain resolved, canonical amount): what a person checks the columns were read right by.
   */
  preview: Pick<BulkRow, "line" | "customerId" | "symbol" | "chain" | "amount" | "mode" | "wallet">[];
  errors: RowError[];
  repeated: RepeatedRow[];
  /** Rows that repeat an award of the last 30 days sent under another RequestID. */
  recent: { line: number; requestId: string; sentAt: string; sentBy: string; status: string }[];
  /** This very file was sent before for this project: its batch (same RequestIDs). */
  previous: { batchId: number; createdAt: string; actorEmail: string; counts: BatchCounts } | null;
  /**
   * Players of the file the service knows nothing of (no tokens, no items), in file order, and
   * the players it could not be asked about, with why. Sending needs a confirmation for either.
   */
  newPlayers: { players: string[]; unchecked: { players: number; message: string } | null };
  /** Whether the project wallet covers the file's direct rows (only with the Wallet extension). */
  funds: FundsReport;
  /** Rows that pass every check but want a look (repeats, new players, waiting for funds), in file order. */
  warnings: ProblemRow[];
  /**
   * The file's totals per token against the project's award policy, for the person sending it
   * (docs/console.md, "Award policies"): over a threshold the whole batch waits for approval; over
   * the person's daily limit it is refused.
   */
  policy: TokenCheck[];
  /** Staff notes pinned on the file's players ("already compensated"), newest first. */
  pinnedNotes: PinnedNote[];
}

export type FundsReport =
  | { kind: "checked"; directRows: number; waitingRows: number; contracts: ContractForecast[] }
  | { kind: "no-extension" }
  | { kind: "failed"; message: string };
