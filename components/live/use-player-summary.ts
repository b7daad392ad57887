"use client";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { getJson } from "@/lib/live/get-json";
import { queryKeys } from "@/lib/live/query-keys";
import type { PlayerSummary } from "@/lib/players/holdings";

export const playerSummaryQuery = (customerId: string) => ({
  queryKey: queryKeys.player(customerId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    getJson<PlayerSummary>(`/api/player?customer=${encodeURIComponent(customerId)}`, signal),
});

/** A value that settles: the last one kept unchanged for `ms` (no request per keystroke). */
export function useSettledValue<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The balances of the player being awarded, once a valid Customer ID has been entered. */
export function usePlayerSummary(customerId: string | null) {
  return useQuery({
    ...playerSummaryQuery(customerId ?? ""),
    enabled: customerId !== null,
    staleTime: 10_000,
  });
}
