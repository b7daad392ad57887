/**
 * Where a campaign stands (docs/console.md, "Campaigns"). Plain values with no imports: the
 * database schema, the server and the browser read them. A campaign over a token's approval
 * threshold waits for another person before any occurrence runs; an active one runs each
 * occurrence when it is due; paused runs none until resumed; cancelled, finished, rejected,
 * withdrawn and expired never run again.
 */
export const CAMPAIGN_STATUSES = [
  "awaiting-approval",
  "active",
  "paused",
  "finished",
  "cancelled",
  "rejected",
  "withdrawn",
  "expired",
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * What became of one occurrence: sent (its batch pays the list), held (nothing sent: a daily limit,
 * a connection gone; the reason is kept), or skipped (missed while the console was down, and a
 * newer occurrence ran in its place).
 */
export const OCCURRENCE_STATUSES = ["sent", "held", "skipped"] as const;
export type OccurrenceStatus = (typeof OCCURRENCE_STATUSES)[number];

/** One token a campaign pays each player: a fixed amount, or (null) the list's amount for the player. */
export interface CampaignLine {
  tokenGuid: string;
  contractGuid: string;
  symbol: string;
  chain: string;
  /** Exact decimal text; null: each player's amount from the list. */
  amount: string | null;
}
