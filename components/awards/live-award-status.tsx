"use client";
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { AwardStatusBadge } from "@/components/awards/award-status-badge";
import { MOVING_STATUSES } from "@/lib/awards/moving-statuses";
import { getJson } from "@/lib/live/get-json";
import { queryKeys } from "@/lib/live/query-keys";
import type { AwardStatus } from "@/lib/model/award-status";

const EVERY_MS = 5_000;

type Statuses = { statuses: Record<string, AwardStatus> };

/**
 * An award's status badge, kept current after the first paint: every badge of a page shares one
 * query over the page's moving awards (`watch`), asked every few seconds while one of them still
 * moves and the tab is visible, and stopped when none does. The trail is kept current by the
 * server's settlement job (docs/console.md, "Live data"); this only reads it.
 */
export function LiveAwardStatus({
  requestId,
  initial,
  watch,
  refreshOnChange = false,
}: {
  requestId: string;
  initial: AwardStatus;
  watch: readonly string[];
  /** Re-render the page (its timeline, its Retry button) when the status changes. */
  refreshOnChange?: boolean;
}) {
  const router = useRouter();
  const { data } = useQuery({
    queryKey: queryKeys.awardStatuses(watch),
    queryFn: ({ signal }) => getJson<Statuses>(`/api/awards/statuses?ids=${watch.join(",")}`, signal),
    enabled: watch.length > 0,
    refetchInterval: (query) => {
      const statuses = Object.values(query.state.data?.statuses ?? {});
      return statuses.length > 0 && !statuses.some((status) => MOVING_STATUSES.includes(status))
        ? false
        : EVERY_MS;
    },
  });
  const status = data?.statuses[requestId.toLowerCase()] ?? initial;
  useEffect(() => {
    if (refreshOnChange && status !== initial) router.refresh();
  }, [refreshOnChange, status, initial, router]);
  return (
    <span data-testid="live-status" data-status={status}>
      <AwardStatusBadge status={status} />
    </span>
  );
}
