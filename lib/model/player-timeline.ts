/**
 * One support timeline per player (docs/console.md, "A player's timeline"): everything the studio
 * did to the player through this console, and the service's record of the calls that named them.
 * Plain data, shared by the server and the browser.
 */

export const TIMELINE_KINDS = ["award", "bulk", "approval", "reversal", "note", "call"] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const TIMELINE_KIND_LABELS: Record<TimelineKind, string> = {
  award: "Awards",
  bulk: "Bulk rows",
  approval: "Approval steps",
  reversal: "Reversals",
  note: "Notes",
  call: "Service calls",
};

export interface TimelineEntry {
  /** Unique across kinds: "e12" (an award's event), "n3" (a note), "r5" (a reversal asked for), "c170000000001" (a call). */
  id: string;
  /** ISO 8601 UTC. */
  at: string;
  kind: TimelineKind;
  /** What happened, in words ("Sent", "Approval requested · pending", "POST /AwardTokens · 200"). */
  title: string;
  /** More: the trail's detail, a note's text, a call's error. */
  detail: string;
  /** Who: the staff member, or for a call the key's prefix. */
  who: string;
  /** The award it belongs to (its page), when it does. */
  requestId: string | null;
  /** A bulk row's batch and line. */
  batch: { id: number; line: number } | null;
}

/** Whether the service's calls could be part of the timeline, and if not, why. */
export type TimelineCalls = "shown" | "not-offered" | "not-allowed" | "not-asked";

export interface TimelinePage {
  entries: TimelineEntry[];
  /** Pass back for the next (older) page; "" at the end. */
  nextCursor: string;
  calls: TimelineCalls;
}
