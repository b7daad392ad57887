"use client";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { When } from "@/components/ui/when";
import { type KeyStatus, keyStatusLabel } from "@/lib/service-keys/key-status";

const TONES: Record<KeyStatus["kind"], BadgeTone> = {
  live: "success",
  rolled: "warning",
  replaced: "neutral",
  revoked: "danger",
  expired: "neutral",
};

/** A key's status in words, with the moment that matters (rolled: until when it still works). */
export function KeyStatusBadge({ status }: { status: KeyStatus }) {
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <Badge tone={TONES[status.kind]}>{keyStatusLabel(status)}</Badge>
      {status.kind === "rolled" ? (
        <span className="text-xs text-muted-foreground">
          works until <When iso={status.until} />
        </span>
      ) : status.kind === "revoked" || status.kind === "expired" || status.kind === "replaced" ? (
        <span className="text-xs text-muted-foreground">
          since <When iso={status.at} />
        </span>
      ) : null}
    </span>
  );
}
