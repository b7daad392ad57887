import { Gift } from "lucide-react";
import { AwardStatusBadge } from "@/components/awards/award-status-badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";
import { When } from "@/components/ui/when";
import type { AwardSummary } from "@/lib/overview/overview-data";

/** The newest awards of the trail, each a link to its timeline. */
export function LatestAwards({ awards, canSend }: { awards: AwardSummary[]; canSend: boolean }) {
  return (
    <Card aria-labelledby="latest-heading">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle id="latest-heading">Latest awards</CardTitle>
          <CardDescription>The newest awards sent from this console.</CardDescription>
        </div>
        <Button asChild variant="link" size="sm">
          <Link href="/awards">All awards</Link>
        </Button>
      </CardHeader>
      <CardContent>
        {awards.length === 0 ? (
          <EmptyState
            icon={Gift}
            title="No awards yet"
            description="Awards sent from this console appear here."
            action={
              canSend ? (
                <Button asChild size="sm">
                  <Link href="/awards/new">New award</Link>
                </Button>
              ) : null
            }
          />
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {awards.map((award) => (
              <li
                key={award.requestId}
                data-testid={`latest-${award.requestId}`}
                className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-4 py-2 text-sm"
              >
                <span className="flex min-w-0 flex-col gap-0.5">
                  <Link
                    href={`/awards/${award.requestId}`}
                    className="font-medium break-all underline-offset-2 hover:underline"
                    aria-label={`${award.customerId}, award ${award.requestId}`}
                  >
                    {award.customerId}
                  </Link>
                  <span className="font-mono text-xs break-all">{award.lines.join(", ")}</span>
                  <span className="text-xs text-muted-foreground">
                    {award.isAllowance ? "Allowance" : "Direct"}
                    {award.batchId ? ` · batch ${award.batchId}` : ""} · <When iso={award.sentAt} />
                  </span>
                </span>
                <AwardStatusBadge status={award.status} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
