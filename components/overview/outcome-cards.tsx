import type { LucideIcon } from "lucide-react";
import { CircleCheck, CircleHelp, CircleSlash, CircleX, Clock, Hourglass, Loader, Send } from "lucide-react";
import { AWARD_STATUS_LOOK } from "@/components/awards/award-status-badge";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { groupDigits } from "@/lib/format/grouped-decimal";
import type { Outcome, OutcomeFigures } from "@/lib/overview/aggregate";
import type { OverviewRange } from "@/lib/overview/overview-range";

const LOOK: Record<Outcome, { label: string; icon: LucideIcon; tone: string; hint: string }> = {
  completed: {
    label: AWARD_STATUS_LOOK.completed.label,
    icon: CircleCheck,
    tone: "text-success",
    hint: "Paid, or recorded as an allowance.",
  },
  queued: {
    label: AWARD_STATUS_LOOK.queued.label,
    icon: Clock,
    tone: "text-info",
    hint: "Waiting in the wallet's queue for funds.",
  },
  failed: {
    label: AWARD_STATUS_LOOK.failed.label,
    icon: CircleX,
    tone: "text-destructive",
    hint: "Refused, or never reached the service: nothing was paid.",
  },
  unknown: {
    label: AWARD_STATUS_LOOK.unknown.label,
    icon: CircleHelp,
    tone: "text-warning",
    hint: "The answer was lost: retry with the same RequestID to settle it.",
  },
  accepted: {
    label: AWARD_STATUS_LOOK.accepted.label,
    icon: Send,
    tone: "text-muted-foreground",
    hint: "Taken by a service that does not say whether it paid or queued.",
  },
  "in-progress": {
    label: "In progress",
    icon: Loader,
    tone: "text-muted-foreground",
    hint: "Being sent, or a bulk row waiting for its turn.",
  },
  "awaiting-approval": {
    label: AWARD_STATUS_LOOK["awaiting-approval"].label,
    icon: Hourglass,
    tone: "text-info",
    hint: "Over an approval threshold: nothing is sent until another person approves.",
  },
  "not-sent": {
    label: "Not sent",
    icon: CircleSlash,
    tone: "text-muted-foreground",
    hint: "Rejected, withdrawn or expired while waiting for approval.",
  },
  // The "not sent" icon again: an icon of its own put the overview past its bundle budget
  // (docs/console.md, "Bundle budget").
  reversed: {
    label: "Reversed",
    icon: CircleSlash,
    tone: "text-muted-foreground",
    hint: "Cancelled, or taken back after it paid.",
  },
};

/** Always shown: what a person asks first. The other two appear when they have something to say. */
const MAIN: Outcome[] = ["completed", "queued", "failed", "unknown"];

export interface OutcomeCardsProps {
  figures: OutcomeFigures;
  range: Pick<OverviewRange, "label" | "previousLabel">;
  /** A spec-only service: every award it takes is "accepted", so that card is always shown. */
  specOnly: boolean;
}

/** "+25%", "−40%", "new", or "" when both are nothing: the change from the period before. */
function change(current: number, previous: number): string {
  if (current === previous) return current === 0 ? "" : "±0%";
  if (previous === 0) return "new";
  const percent = Math.round(((current - previous) / previous) * 100);
  return `${percent > 0 ? "+" : "−"}${Math.abs(percent)}%`;
}

/** Awards of the period by outcome (UTC days), one card per outcome, each against the period before. */
export function OutcomeCards({ figures, range, specOnly }: OutcomeCardsProps) {
  const either = (outcome: Outcome) => figures.current[outcome] + figures.previous[outcome] > 0;
  const shown = [
    ...MAIN,
    ...(specOnly || either("accepted") ? (["accepted"] as const) : []),
    ...(either("in-progress") ? (["in-progress"] as const) : []),
    ...(either("awaiting-approval") ? (["awaiting-approval"] as const) : []),
    ...(either("not-sent") ? (["not-sent"] as const) : []),
  ];
  return (
    <section aria-labelledby="outcomes-heading" className="flex flex-col gap-3">
      <h2 id="outcomes-heading" className="text-lg font-semibold">
        Awards by outcome
      </h2>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-[repeat(auto-fit,minmax(11rem,1fr))]">
        {shown.map((outcome) => {
          const { label, icon: Icon, tone, hint } = LOOK[outcome];
          return (
            <li key={outcome} data-testid={`outcome-${outcome}`}>
              <Card className="flex h-full flex-col gap-1 p-4">
                <p className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
                  <Icon aria-hidden="true" className={cn("size-4 shrink-0", tone)} />
                  {label}
                </p>
                <p className="text-3xl font-semibold tabular-nums">
                  <span data-testid="count">{groupDigits(String(figures.current[outcome]))}</span>
                  <span className="sr-only"> in the period</span>
                </p>
                <p className="text-sm text-muted-foreground">
                  <span className="font-medium tabular-nums text-foreground" data-testid="previous">
                    {groupDigits(String(figures.previous[outcome]))}
                  </span>{" "}
                  {range.previousLabel}
                  {change(figures.current[outcome], figures.previous[outcome]) ? (
                    <span className="ml-1.5 tabular-nums" data-testid="change">
                      ({change(figures.current[outcome], figures.previous[outcome])})
                    </span>
                  ) : null}
                </p>
                <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
              </Card>
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-muted-foreground">
        {range.label}, against {range.previousLabel}, in UTC days, from this console's award trail.
        {specOnly
          ? " This project's service implements the public spec only: it does not say whether an award was paid or queued, so the awards it takes count as accepted."
          : ""}
      </p>
    </section>
  );
}
