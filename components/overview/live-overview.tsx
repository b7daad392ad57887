"use client";
import { useQuery } from "@tanstack/react-query";
import { WaitingApprovals } from "@/components/approvals/waiting-approvals";
import { When } from "@/components/ui/when";
import { getJson } from "@/lib/live/get-json";
import { queryKeys } from "@/lib/live/query-keys";
import type { OverviewData } from "@/lib/overview/overview-data";
import { rangeQuery } from "@/lib/overview/range-query";
import { FundingGaps } from "./funding-gaps";
import { LatestAwards } from "./latest-awards";
import { OutcomeCards } from "./outcome-cards";
import { RecentBatches } from "./recent-batches";
import { TokensAwarded } from "./tokens-awarded";

/** How often an open overview asks again (TanStack Query pauses while the tab is hidden). */
const REFRESH_MS = 15_000;

export interface LiveOverviewProps {
  initial: OverviewData;
  /** The chosen connection: the cache holds one overview per project, so a switch never shows another's. */
  project: string;
  canSend: boolean;
}

/**
 * The overview's live part (docs/console.md, "Live data"): first painted from the server's read,
 * then kept current from GET /api/overview, so there is no loading flash and no action polling.
 */
export function LiveOverview({ initial, project, canSend }: LiveOverviewProps) {
  // The period as the server read it: a custom one that ran past today stays the same days.
  const range = rangeQuery(initial.range);
  const { data, error } = useQuery({
    queryKey: queryKeys.overview(project, range),
    queryFn: ({ signal }) => getJson<OverviewData>(`/api/overview?${range}`, signal),
    initialData: initial,
    refetchInterval: REFRESH_MS,
  });
  return (
    <div className="flex flex-col gap-6">
      <p className="text-xs text-muted-foreground" data-testid="overview-read-at">
        Updated <When iso={data.readAt} />
        {error ? (
          <span data-testid="overview-stale" className="text-warning">
            {" "}
            · showing the last figures read: {error.message}
          </span>
        ) : null}
      </p>
      {data.approvals ? <WaitingApprovals count={data.approvals} /> : null}
      <OutcomeCards figures={data.outcomes} range={data.range} specOnly={data.extensions === false} />
      <TokensAwarded tokens={data.tokens} range={data.range} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <LatestAwards awards={data.latest} canSend={canSend} />
        <div className="flex flex-col gap-6">
          {data.funding.kind === "not-allowed" ? null : <FundingGaps funding={data.funding} />}
          <RecentBatches batches={data.batches} />
        </div>
      </div>
    </div>
  );
}
