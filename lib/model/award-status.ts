/**
 * Where an award stands in the console's trail (docs/console.md, "The trail"). Plain values with
 * no imports: the database schema, the server and the browser's badges and live status read them.
 */
export const AWARD_STATUSES = [
  /** A bulk row written to the trail, waiting for its turn (never sent yet). */
  "pending",
  /** Written, not yet answered: the call is in flight, or the console stopped during it. */
  "sending",
  /** Paid (the service's `Status` extension said so, or it was an allowance). */
  "completed",
  /** Waiting in the project wallet's queue for funds. */
  "queued",
  /** The service accepted it without saying more (a service without our `Status` extension). */
  "accepted",
  /** The service refused it (its `Error` text is kept), or it never reached the service. */
  "failed",
  /** The call failed in flight: the service may or may not have paid. Retry with the same RequestID. */
  "unknown",
  /** Over the project's approval threshold: written, nothing sent, until another person approves (docs/console.md, "Award policies"). */
  "awaiting-approval",
  /** The approver said no, with a reason: never sent. */
  "rejected",
  /** The requester took it back before anyone decided: never sent. */
  "withdrawn",
  /** Nobody decided in time: never sent. */
  "expired",
  /** Was queued, and a reversal took it out of the queue: it will never pay (docs/console.md, "Reversals"). */
  "cancelled",
  /** Completed, and a reversal took part of it back. */
  "partly-reversed",
  /** Completed, and reversals took all of it back. */
  "reversed",
] as const;
export type AwardStatus = (typeof AWARD_STATUSES)[number];

/** Statuses of awards that were stopped before sending and never will be. */
export const NEVER_SENT: readonly AwardStatus[] = ["rejected", "withdrawn", "expired"];

/** The statuses of an award a reversal took back: the history's "Any reversal" filter (docs/console.md, "Reversals"). */
export const REVERSED_STATUSES: readonly AwardStatus[] = ["cancelled", "partly-reversed", "reversed"];

/** The history's status filter: one status, or any the reversals left. */
export type AwardStatusFilter = AwardStatus | "any-reversal";
