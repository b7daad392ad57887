/**
 * Every TanStack Query key of the console, in one place (docs/console.md, "Live data"), so a
 * mutation invalidates exactly what it changed.
 */
export const queryKeys = {
  /** A player's balances and whether the service knows them (the award form). */
  player: (customerId: string) => ["player", customerId] as const,
  /** Players found by a typed fragment (the Players page and the command palette). */
  playerSearch: (fragment: string) => ["player-search", fragment] as const,
  /** A player's timeline, of the kinds shown ("" = all), page after page. */
  playerTimeline: (customerId: string, kinds: string) => ["player-timeline", customerId, kinds] as const,
  /** A bulk batch's progress. */
  batch: (batchId: number) => ["batch", batchId] as const,
  /** A bulk batch's reversal progress. */
  batchReversal: (batchId: number) => ["batch-reversal", batchId] as const,
  /** The trail's statuses of awards a page shows (queued ones settle later). */
  awardStatuses: (requestIds: readonly string[]) => ["award-statuses", ...requestIds] as const,
  /** Every award status query, for invalidation after an award, a retry or a funding. */
  allAwardStatuses: ["award-statuses"] as const,
  /** The project wallet: balances and queue. */
  wallet: ["wallet"] as const,
  /** The overview's figures (trail, wallet, batches, latest awards) of one chosen connection and period. */
  overview: (project: string, range: string) => ["overview", project, range] as const,
  /** The newest page of the service's request log for the page's filters (their query string). */
  requestLog: (filters: string) => ["request-log", filters] as const,
  /** The signed-in person's unread notifications (the bell). */
  bell: ["bell"] as const,
  /** The project's webhook endpoints and their health. */
  webhooks: ["webhooks"] as const,
  /** The newest page of the webhook delivery log for the page's filters (their query string). */
  webhookDeliveries: (filters: string) => ["webhook-deliveries", filters] as const,
  /** The request log's errors by route and message, for the page's time range. */
  requestErrors: (filters: string) => ["request-errors", filters] as const,
};
