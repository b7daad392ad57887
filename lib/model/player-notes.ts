/**
 * Staff notes on a player (docs/console.md, "Staff notes"): what support and managers write for
 * each other, shown on the player's page and, when pinned, wherever that player is about to be
 * paid. Plain data and words, shared by the server and the browser.
 */

export const NOTE_TAGS = ["compensated", "fraud-watch", "escalated", "vip"] as const;
export type NoteTag = (typeof NOTE_TAGS)[number];

export const NOTE_TAG_LABELS: Record<NoteTag, string> = {
  compensated: "Compensated",
  "fraud-watch": "Fraud watch",
  escalated: "Escalated",
  vip: "VIP",
};

/** A note's text at most, in characters. */
export const NOTE_MAX_LENGTH = 2000;

export interface PlayerNote {
  id: number;
  authorEmail: string;
  text: string;
  tag: NoteTag | null;
  pinned: boolean;
  /** ISO 8601 UTC. */
  createdAt: string;
  /** ISO 8601 UTC; equal to createdAt when never edited. */
  updatedAt: string;
  /** Hidden by an owner: shown to owners only, marked so. */
  hiddenBy: string | null;
  /** What the reader may do with it. */
  mine: boolean;
}

/** A pinned note as the award form and the bulk dry run show it beside the player. */
export interface PinnedNote {
  customerId: string;
  authorEmail: string;
  text: string;
  tag: NoteTag | null;
  createdAt: string;
}
