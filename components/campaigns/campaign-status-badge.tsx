import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { CampaignStatus, OccurrenceStatus } from "@/lib/model/campaign-status";

const CAMPAIGN: Record<CampaignStatus, { tone: BadgeTone; label: string }> = {
  "awaiting-approval": { tone: "warning", label: "Awaiting approval" },
  active: { tone: "success", label: "Active" },
  paused: { tone: "warning", label: "Paused" },
  finished: { tone: "neutral", label: "Finished" },
  cancelled: { tone: "neutral", label: "Cancelled" },
  rejected: { tone: "danger", label: "Rejected" },
  withdrawn: { tone: "neutral", label: "Withdrawn" },
  expired: { tone: "neutral", label: "Expired" },
};

const OCCURRENCE: Record<OccurrenceStatus, { tone: BadgeTone; label: string }> = {
  sent: { tone: "success", label: "Sent" },
  held: { tone: "danger", label: "Held" },
  skipped: { tone: "neutral", label: "Skipped" },
};

/** A campaign's status in a word (docs/console.md, "Campaigns"). */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { tone, label } = CAMPAIGN[status];
  return <Badge tone={tone}>{label}</Badge>;
}

/** What became of one occurrence. */
export function OccurrenceStatusBadge({ status }: { status: OccurrenceStatus }) {
  const { tone, label } = OCCURRENCE[status];
  return <Badge tone={tone}>{label}</Badge>;
}
