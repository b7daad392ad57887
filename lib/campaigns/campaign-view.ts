import type { CampaignLine, CampaignStatus, OccurrenceStatus } from "@/lib/model/campaign-status";

/**
 * What the campaign pages hand their components (docs/console.md, "Campaigns"): plain,
 * browser-safe values built on the server. Amounts are exact decimal text; times ISO 8601 UTC.
 */

export interface PlayerListRow {
  id: number;
  name: string;
  players: number;
  hasAmounts: boolean;
  /** "file players.csv", "the players whose award failed of batch 4 (weekend.csv)". */
  source: string;
  createdBy: string;
  createdAt: string;
  /** Campaigns using it (then it cannot be deleted). */
  usedBy: number;
}

export interface CampaignRow {
  id: number;
  name: string;
  status: CampaignStatus;
  schedule: string;
  listName: string;
  players: number;
  /** "25 GOLD" per token: what each occurrence pays. */
  perOccurrence: string[];
  /** The next occurrence's time; null when none is left or it does not run. */
  next: string | null;
  createdBy: string;
}

/** One upcoming occurrence: when, what it pays, and whether today's wallet covers it (direct only). */
export interface UpcomingOccurrence {
  /** The campaign's occurrence number, from 1. */
  number: number;
  at: string;
  /** The wall time in the campaign's zone, as scheduled: "2026-12-14 18:00". */
  wall: string;
  totals: string[];
  /** Direct campaigns: "covered", "waits" (for project funds at today's balance), or null (an allowance, or unknown). */
  funds: "covered" | "waits" | null;
}

export interface OccurrenceRow {
  number: number;
  status: OccurrenceStatus;
  dueAt: string;
  ranAt: string;
  batchId: number | null;
  note: string;
  /** Held, and sendable by hand now (lib/campaigns/send-held.ts). */
  sendable: boolean;
}

export interface CampaignDetail {
  id: number;
  name: string;
  reason: string;
  status: CampaignStatus;
  mode: "allowance" | "direct";
  lines: CampaignLine[];
  schedule: string;
  timeZone: string;
  list: { id: number; name: string; players: number; hasAmounts: boolean };
  createdBy: string;
  createdAt: string;
  upcoming: UpcomingOccurrence[];
  occurrences: OccurrenceRow[];
  approvalId: number | null;
  /** Whether the person reading is its creator: only they change its terms. */
  mine: boolean;
  /** Why the funds forecast is missing, when it is ("the service has no Wallet extension"). */
  fundsNote: string;
}

/** One day's entries on the calendar. */
export interface CalendarEntry {
  campaignId: number;
  name: string;
  at: string;
  status: CampaignStatus;
}
