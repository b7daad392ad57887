import type { Metadata } from "next";

/** Titles longer than this are cut: a browser tab shows far fewer characters anyway. */
const MOST_SHOWN = 60;

/**
 * A document title for a page about one record, e.g. `player-1001 · Players` (the root layout
 * adds ` · Game Commerce Console`). The record's part comes from the URL: it is decoded without
 * throwing on a malformed escape, trimmed and cut, so a title can never break the page.
 */
export function recordTitle(rawSegment: string, section: string): Metadata {
  let segment: string;
  try {
    segment = decodeURIComponent(rawSegment);
  } catch {
    segment = rawSegment;
  }
  segment = segment.trim();
  if (segment.length > MOST_SHOWN) segment = `${segment.slice(0, MOST_SHOWN - 1)}…`;
  return { title: segment ? `${segment} · ${section}` : section };
}
