"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import { SEARCH_MIN_LENGTH } from "@/lib/contract/customer-search-rule";
import { getJson } from "@/lib/live/get-json";
import { queryKeys } from "@/lib/live/query-keys";
import type { PlayerSearchAnswer } from "@/lib/model/player-search";

/**
 * Players found by a fragment, page after page (the service's cursor): the Players page and the
 * command palette. Nothing is asked under 3 characters; a search superseded by a later fragment
 * is cancelled (its query loses its last observer, and TanStack Query aborts the fetch).
 */
export function usePlayerSearch(fragment: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.playerSearch(fragment),
    queryFn: ({ pageParam, signal }) =>
      getJson<PlayerSearchAnswer>(
        `/api/players/search?${new URLSearchParams({ q: fragment, ...(pageParam ? { cursor: pageParam } : {}) })}`,
        signal,
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor || undefined,
    enabled: [...fragment].length >= SEARCH_MIN_LENGTH,
    staleTime: 15_000,
  });
}
