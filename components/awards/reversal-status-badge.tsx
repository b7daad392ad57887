import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { ReversalStatus } from "@/lib/model/reversal-status";

export const REVERSAL_LOOK: Record<ReversalStatus, { tone: BadgeTone; label: string }> = {
  pending: { tone: "neutral", label: "Waiting its turn" },
  "awaiting-approval": { tone: "info", label: "Awaiting approval" },
  sending: { tone: "warning", label: "Sending" },
  done: { tone: "success", label: "Done" },
  failed: { tone: "danger", label: "Refused" },
  unknown: { tone: "warning", label: "Outcome unknown" },
  rejected: { tone: "neutral", label: "Rejected" },
  withdrawn: { tone: "neutral", label: "Withdrawn" },
  expired: { tone: "neutral", label: "Expired" },
};

export function ReversalStatusBadge({ status }: { status: ReversalStatus }) {
  const look = REVERSAL_LOOK[status];
  return <Badge tone={look.tone}>{look.label}</Badge>;
}
