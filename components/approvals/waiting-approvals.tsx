import { Stamp } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Link } from "@/components/ui/link";

/**
 * The overview's call to act on four-eyes requests (docs/console.md, "Approvals"): how many
 * others' awards and batches wait for the signed-in person's approval, linking to them. Shown only
 * when something waits, so the overview stays quiet otherwise.
 */
export function WaitingApprovals({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Card
      aria-labelledby="waiting-approvals-heading"
      data-testid="overview-approvals"
      className="flex flex-col gap-3 border-info/40 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <Stamp aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-info" />
        <div>
          <h2 id="waiting-approvals-heading" className="text-sm font-medium text-muted-foreground">
            Waiting for approval
          </h2>
          <p className="text-sm">
            <span data-testid="overview-approvals-count" className="text-2xl font-semibold tabular-nums">
              {count}
            </span>{" "}
            {count === 1 ? "request waits" : "requests wait"} for you: awards above a token's approval
            threshold, not sent until another person approves.
          </p>
        </div>
      </div>
      <Button asChild variant="outline" className="w-full sm:w-auto">
        <Link href="/approvals">Review approvals</Link>
      </Button>
    </Card>
  );
}
