import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { AwardStatus } from "@/lib/model/award-status";

export const AWARD_STATUS_LOOK: Record<AwardStatus, { tone: BadgeTone; label: string }> = {
  pending: { tone: "neutral", label: "Pending" },
  sending: { tone: "warning", label: "Sending" },
  completed: { tone: "success", label: "Completed" },
  queued: { tone: "info", label: "Queued" },
  accepted: { tone: "success", label: "Accepted" },
  failed: { tone: "danger", label: "Failed" },
  unknown: { tone: "warning", label: "Outcome unknown" },
  "awaiting-approval": { tone: "info", label: "Awaiting approval" },
  rejected: { tone: "neutral", label: "Rejected" },
  withdrawn: { tone: "neutral", label: "Withdrawn" },
  expired: { tone: "neutral", label: "Expired" },
  cancelled: { tone: "neutral", label: "Cancelled" },
  "partly-reversed": { tone: "warning", label: "Partly reversed" },
  reversed: { tone: "neutral", label: "Reversed" },
};

export function AwardStatusBadge({ status }: { status: AwardStatus }) {
  const look = AWARD_STATUS_LOOK[status];
  return <Badge tone={look.tone}>{look.label}</Badge>;
}
