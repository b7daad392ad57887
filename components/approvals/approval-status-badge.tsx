import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { ApprovalStatus } from "@/lib/model/approval-status";

/** A four-eyes request's status in words (docs/console.md, "Approvals"); the colour only repeats them. */
export const APPROVAL_STATUS_LOOK: Record<ApprovalStatus, { tone: BadgeTone; label: string }> = {
  waiting: { tone: "info", label: "Waiting" },
  approved: { tone: "success", label: "Approved" },
  rejected: { tone: "neutral", label: "Rejected" },
  withdrawn: { tone: "neutral", label: "Withdrawn" },
  expired: { tone: "neutral", label: "Expired" },
};

export function ApprovalStatusBadge({ status }: { status: ApprovalStatus }) {
  const look = APPROVAL_STATUS_LOOK[status];
  return <Badge tone={look.tone}>{look.label}</Badge>;
}
