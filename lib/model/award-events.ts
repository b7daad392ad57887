/** The kinds of line on an award's timeline (console.award_events), and their words. */
export const AWARD_EVENT_KINDS = [
  "created",
  "sent",
  "outcome",
  "status",
  "requested",
  "approved",
  "rejected",
  "withdrawn",
  "expired",
  "reversal",
] as const;
export type AwardEventKind = (typeof AWARD_EVENT_KINDS)[number];

export const EVENT_LABELS: Record<AwardEventKind, string> = {
  created: "Created",
  requested: "Approval requested",
  approved: "Approved",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
  expired: "Expired",
  sent: "Sent",
  outcome: "Outcome",
  status: "Status change",
  reversal: "Reversal",
};
