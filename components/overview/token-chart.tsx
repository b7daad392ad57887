"use client";
import { nice, ticks } from "d3-array";
import { useLayoutEffect, useRef, useState } from "react";
import { groupDigits } from "@/lib/format/grouped-decimal";
import type { TokenSeries } from "@/lib/overview/aggregate";
import { formatDay } from "@/lib/time/format-time";
import { bandLayout } from "./band-layout";

const HEIGHT = 168;
const MARGIN = { top: 8, right: 8, bottom: 24, left: 48 };
// The theme's chart colours (app/globals.css), one per token in turn.
const FILLS = ["fill-chart-1", "fill-chart-2", "fill-chart-3", "fill-chart-4", "fill-chart-5"];
const LABEL = "fill-muted-foreground text-[11px]";

/**
 * The width the chart has, kept current as the container resizes (a phone turned, a sidebar
 * opened); null until measured. The server cannot know it, so it sends the chart's frame and its
 * summary, and the browser draws the bars once, at the real width, before its first paint after
 * hydration (a layout effect): no redraw from a guessed width, and the server renders about 90
 * fewer elements per token (docs/benchmarks.md, "Console: page response times").
 */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(Math.floor(element.getBoundingClientRect().width));
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** Compact axis labels (1.2k, 3M): the axis only places the scale; exact figures are in the table. */
const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });

export interface TokenChartProps {
  series: TokenSeries;
  /** Its place among the tokens shown: picks its colour. */
  index: number;
}

/**
 * One token's daily awarded amounts as bars over the window: evenly spaced bars (band-layout.ts)
 * on d3-array's nice ticks (about 1.5 kB gzipped, where a chart package would cost tens of kB on a
 * page with a budget), drawn as plain SVG. The exact figures are text in the table beside it; the SVG is one image with a
 * summary for assistive technology, each bar's <title> a hover hint.
 */
export function TokenChart({ series, index }: TokenChartProps) {
  const { ref, width } = useWidth();
  return (
    <div ref={ref} className="w-full">
      <svg
        width={width ?? "100%"}
        height={HEIGHT}
        role="img"
        aria-label={`${series.symbol} awarded per day over ${series.days.length === 1 ? "1 day" : `${series.days.length} days`} (UTC): ${groupDigits(series.total)} in all. The figures are in the table below.`}
        className="block max-w-full"
      >
        {width === null ? null : <Drawing series={series} index={index} width={width} />}
      </svg>
    </div>
  );
}

/** The axis, the bars and the day labels at a measured width. */
function Drawing({ series, index, width }: TokenChartProps & { width: number }) {
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  // Drawing only: a bar's height is a float of the exact total the server summed (a pixel cannot
  // show the digits a double drops). Every figure a person reads stays the exact text.
  const values = series.days.map((point) => Number(point.amount));
  const [, top = 1] = nice(0, Math.max(...values, 0) || 1, 3);
  const y = (value: number) => innerHeight - (value / top) * innerHeight;
  const bands = bandLayout(series.days.length, innerWidth, 0.25);
  // About one label per 64 px, counted back from today so that today always has one.
  const every = Math.max(1, Math.ceil(series.days.length / Math.max(1, Math.floor(innerWidth / 64))));
  const labelled = series.days
    .map((point, index) => ({ point, index }))
    .filter(({ index }) => (series.days.length - 1 - index) % every === 0);
  const fill = FILLS[index % FILLS.length];
  return (
    <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
      {ticks(0, top, 3).map((tick) => (
        <g key={tick} transform={`translate(0,${y(tick)})`}>
          <line x2={innerWidth} className="stroke-border" strokeDasharray={tick === 0 ? undefined : "2 3"} />
          <text x={-6} dy="0.32em" textAnchor="end" className={LABEL}>
            {compact.format(tick)}
          </text>
        </g>
      ))}
      {series.days.map((point, i) => {
        const value = values[i] ?? 0;
        const height = value > 0 ? Math.max(1, innerHeight - y(value)) : 0;
        return (
          <rect
            key={point.day}
            x={bands.x(i)}
            y={innerHeight - height}
            width={bands.bandwidth}
            height={height}
            rx={2}
            className={fill}
          >
            <title>{`${formatDay(point.day)}: ${groupDigits(point.amount)} ${series.symbol}`}</title>
          </rect>
        );
      })}
      {labelled.map(({ point, index }, i) => {
        // Today's label sits under the last bar: centred it would run past the chart's right
        // edge on a phone, so it ends at the bar's right side instead.
        const last = i === labelled.length - 1;
        return (
          <text
            key={point.day}
            x={bands.x(index) + (last ? bands.bandwidth : bands.bandwidth / 2)}
            y={innerHeight + 16}
            textAnchor={last ? "end" : "middle"}
            className={LABEL}
          >
            {formatDay(point.day)}
          </text>
        );
      })}
    </g>
  );
}
