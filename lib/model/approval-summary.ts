/**
 * What an approver reads besides the award or batch itself, stored with the request when it is
 * made (docs/console.md, "Approvals"). Amounts are exact decimal text.
 */
export interface ApprovalTokenTotal {
  tokenGuid: string;
  symbol: string;
  /** The award's (or the batch's) total for the token. */
  amount: string;
  /** The project's threshold for the token when the request was made; null: none. */
  threshold: string | null;
}

export interface ApprovalSummary {
  totals: ApprovalTokenTotal[];
  /** A campaign: what one occurrence pays (the totals), to whom and when, approved once for its whole schedule. */
  campaign?: {
    name: string;
    listName: string;
    players: number;
    /** "Every week on Monday at 18:00 (Europe/Berlin), 10 times". */
    schedule: string;
    /** The next occurrences when it was asked for (ISO 8601 UTC). */
    next: string[];
  };
  /** A batch: its rows and what the dry run found when it was sent for approval. */
  batch?: {
    fileName: string;
    fileSha256: string;
    rows: number;
    players: number;
    allowances: number;
    directs: number;
    /** What the dry run flagged and the person confirmed: rows repeating others or recent awards, sending to new players. */
    confirmed: { repeats: number; recent: number; newPlayers: boolean };
  };
}
