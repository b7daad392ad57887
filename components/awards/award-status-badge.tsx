import { Badge } from "@/components/ui/badge";
import type { AwardStatus } from "@/lib/db/schema";

export const AWARD_STATUS_LOOK: Record<
  AwardStatus,
  { tone: "neutral" | "good" | "info" | "warn" | "bad"; label: string }
> = {
  pending: { tone: "neutral", label: "Pending" },
  sending: { tone: "warn", label: "Sending" },
  completed: { tone: "good", label: "Completed" },
  queued: { tone: "info", label: "Queued" },
  accepted: { tone: "good", label: "Accepted" },
  failed: { tone: "bad", label: "Failed" },
  unknown: { tone: "warn", label: "Outcome unknown" },
};

export function AwardStatusBadge({ status }: { status: AwardStatus }) {
  const look = AWARD_STATUS_LOOK[status];
  return <Badge tone={look.tone}>{look.label}</Badge>;
}
