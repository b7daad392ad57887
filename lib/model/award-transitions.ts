import type { AwardStatus } from "./award-status";

/**
 * The award trail's allowed transitions (docs/console.md, "The trail"): each named change an award
 * can go through, the statuses it may start from and the one it ends in ("unchanged": the award
 * keeps its status, only its timeline grows). lib/awards/lifecycle/ is the one writer of the trail
 * and checks every change against this table: a single award's change is refused with
 * TransitionError's message, a set of rows changes only those whose status the table allows.
 * Plain data with no imports, like the statuses beside it.
 */
export const AWARD_TRANSITIONS = {
  /** A single award written before anything is sent: it sends now, or waits for approval. */
  write: { from: [], to: ["sending", "awaiting-approval"] },
  /** A bulk file's rows written as a batch: waiting for their turn, or for approval. */
  writeBatch: { from: [], to: ["pending", "awaiting-approval"] },
  /** The approval request is written beside the award or batch (the timeline's "requested"). */
  requestApproval: { from: ["awaiting-approval"], to: "unchanged" },
  /** Another person approved a single award: it is sent. */
  approve: { from: ["awaiting-approval"], to: "sending" },
  /** Another person approved a batch: its rows wait for the sender. */
  approveBatch: { from: ["awaiting-approval"], to: "pending" },
  reject: { from: ["awaiting-approval"], to: "rejected" },
  withdraw: { from: ["awaiting-approval"], to: "withdrawn" },
  expire: { from: ["awaiting-approval"], to: "expired" },
  /** One more attempt of a single award goes out (a retry keeps its status until the answer). */
  send: { from: ["sending", "failed", "unknown"], to: "unchanged" },
  /** The bulk sender claims rows: waiting ones, or ones whose claim ran out (the instance stopped). */
  claim: { from: ["pending", "sending"], to: "sending" },
  /** What the service answered, or that the answer was lost. */
  recordOutcome: {
    from: ["sending", "failed", "unknown"],
    to: ["completed", "queued", "accepted", "failed", "unknown"],
  },
  /** The service asked the bulk sender to slow down: the row waits again, not counted as an attempt. */
  release: { from: ["sending"], to: "pending" },
  /** A queued award was paid when the project wallet was funded (an answer lost on the way may still be queued). */
  settle: { from: ["queued", "accepted", "unknown", "sending"], to: "completed" },
  /** The settlement job asked the service about a queued award (when, not what: no timeline line). */
  checkSettlement: { from: ["queued"], to: "unchanged" },
  /** "Retry failed rows" of a batch: each goes back to waiting with its RequestID. */
  requeue: { from: ["failed", "unknown"], to: "pending" },
  /**
   * A reversal the service did (docs/console.md, "Reversals"): the award's state as the service
   * answered it — a queued one cancelled, a paid one partly or wholly taken back. An award the
   * trail still calls sending or unknown may have been paid: the service's record decides.
   */
  reverse: {
    from: ["completed", "queued", "accepted", "partly-reversed", "sending", "unknown"],
    to: ["cancelled", "partly-reversed", "reversed"],
  },
} as const satisfies Record<
  string,
  { from: readonly AwardStatus[]; to: "unchanged" | AwardStatus | readonly AwardStatus[] }
>;

export type AwardTransition = keyof typeof AWARD_TRANSITIONS;

/** The statuses `transition` may start from. */
export function transitionFrom(transition: AwardTransition): readonly AwardStatus[] {
  return AWARD_TRANSITIONS[transition].from;
}

/**
 * Why `transition` from `from` to `to` is not allowed, as a sentence for the person, or null when
 * the table allows it. `to` is the status asked for (omitted: the transition's own).
 */
export function transitionRefusal(
  transition: AwardTransition,
  from: AwardStatus | null,
  to?: AwardStatus,
): string | null {
  const rule: { from: readonly AwardStatus[]; to: "unchanged" | AwardStatus | readonly AwardStatus[] } =
    AWARD_TRANSITIONS[transition];
  const starts = rule.from.length === 0 ? from === null : from !== null && rule.from.includes(from);
  if (!starts)
    return from === null
      ? `"${transition}" needs an award in the trail (it may start from ${rule.from.join(", ")}).`
      : `An award that is ${from} cannot ${transition}${rule.from.length === 0 ? ": it is already in the trail" : ` (only one that is ${rule.from.join(" or ")})`}.`;
  if (to === undefined) return null;
  const ends = rule.to === "unchanged" ? [from] : typeof rule.to === "string" ? [rule.to] : rule.to;
  if (!ends.includes(to))
    return `"${transition}" cannot make an award ${to} (it makes it ${ends.join(" or ")}).`;
  return null;
}
