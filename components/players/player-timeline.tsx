"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ExportLink } from "@/components/data-table/export-link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { ToggleButton } from "@/components/ui/toggle-button";
import { When } from "@/components/ui/when";
import { getJson } from "@/lib/live/get-json";
import { queryKeys } from "@/lib/live/query-keys";
import {
  TIMELINE_KIND_LABELS,
  TIMELINE_KINDS,
  type TimelineKind,
  type TimelinePage,
} from "@/lib/model/player-timeline";

const CALLS_NOTE: Partial<Record<TimelinePage["calls"], string>> = {
  "not-offered": "This project's service keeps no request log: its calls are not part of the timeline.",
  "not-allowed":
    "The project's key may not read the service's request log (the keys scope): its calls are not shown.",
};

/**
 * One support timeline per player (docs/console.md, "A player's timeline"): awards, bulk rows,
 * approval steps, reversals, notes and the service's calls that named the player, newest first,
 * filtered by kind, a page at a time. Fetched after the page's first paint, so a player with a
 * long history opens as fast as any other.
 */
export function PlayerTimeline({ customerId }: { customerId: string }) {
  const [kinds, setKinds] = useState<readonly TimelineKind[]>(TIMELINE_KINDS);
  const asked = kinds.length === TIMELINE_KINDS.length ? "" : kinds.join(",");
  const timeline = useInfiniteQuery({
    queryKey: queryKeys.playerTimeline(customerId, asked),
    queryFn: ({ pageParam, signal }) =>
      getJson<TimelinePage>(
        `/api/players/timeline?${new URLSearchParams({ customer: customerId, kinds: asked, cursor: pageParam })}`,
        signal,
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor || undefined,
    enabled: kinds.length > 0,
  });
  const entries = timeline.data?.pages.flatMap((page) => page.entries) ?? [];
  const callsNote = CALLS_NOTE[timeline.data?.pages[0]?.calls ?? "shown"];
  const exportHref = `/players/${encodeURIComponent(customerId)}/timeline.csv${asked ? `?kinds=${asked}` : ""}`;
  return (
    <section aria-labelledby="timeline-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="timeline-heading" className="text-lg font-semibold">
          Timeline
        </h2>
        {entries.length > 0 ? <ExportLink href={exportHref} /> : null}
      </div>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Show</legend>
        {TIMELINE_KINDS.map((kind) => (
          <ToggleButton
            key={kind}
            pressed={kinds.includes(kind)}
            onPressedChange={(on) =>
              setKinds((now) =>
                on
                  ? TIMELINE_KINDS.filter((each) => each === kind || now.includes(each))
                  : now.filter((each) => each !== kind),
              )
            }
          >
            {TIMELINE_KIND_LABELS[kind]}
          </ToggleButton>
        ))}
      </fieldset>
      {callsNote && kinds.includes("call") ? (
        <p className="text-sm text-muted-foreground">{callsNote}</p>
      ) : null}
      {kinds.length === 0 ? (
        <p className="text-sm text-muted-foreground">Choose what to show.</p>
      ) : timeline.isPending ? (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          Loading the timeline…
        </p>
      ) : timeline.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {timeline.error.message}
        </p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing yet.</p>
      ) : (
        <ol data-testid="player-timeline" className="flex flex-col gap-3 border-l border-border pl-4 text-sm">
          {entries.map((entry) => (
            <li key={entry.id} data-kind={entry.kind} className="flex flex-col gap-0.5 break-words">
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <When iso={entry.at} seconds className="text-muted-foreground" />
                <Badge>{TIMELINE_KIND_LABELS[entry.kind].replace(/s$/, "")}</Badge>
                <span className="font-medium">{entry.title}</span>
                {entry.who ? <span className="text-muted-foreground">· {entry.who}</span> : null}
              </span>
              {entry.detail ? <span className="whitespace-pre-wrap">{entry.detail}</span> : null}
              {entry.requestId && entry.kind !== "call" ? (
                <Link
                  href={`/awards/${entry.requestId}`}
                  className="self-start font-mono text-xs underline underline-offset-2"
                >
                  {entry.batch ? `Batch ${entry.batch.id}, line ${entry.batch.line} · ` : ""}
                  {entry.requestId}
                </Link>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {timeline.hasNextPage ? (
        <Button
          variant="outline"
          className="self-start"
          disabled={timeline.isFetchingNextPage}
          onClick={() => void timeline.fetchNextPage()}
        >
          {timeline.isFetchingNextPage ? "Loading…" : "Older entries"}
        </Button>
      ) : null}
    </section>
  );
}
