"use client";
import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { useEffect, useRef, useState } from "react";
import type { TokenSeries } from "@/lib/overview/aggregate";
import { shortDay } from "./when";

const HEIGHT = 168;
const MARGIN = { top: 8, right: 8, bottom: 24, left: 48 };
/** Before the first measurement (the server render): the chart redraws at its real width on mount. */
const FIRST_WIDTH = 560;
// The theme's chart colours (app/globals.css), one per token in turn.
const FILLS = ["fill-chart-1", "fill-chart-2", "fill-chart-3", "fill-chart-4", "fill-chart-5"];
const TICK_LABEL = { className: "fill-muted-foreground", fontSize: 11 } as const;

/** The width the chart has, kept current as the container resizes (a phone turned, a sidebar opened). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FIRST_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
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
 * One token's daily awarded amounts as bars over the window (visx: d3 scales and SVG shapes, no
 * chart runtime). The exact figures are text in the table beside it; the SVG is one image with a
 * summary for assistive technology, each bar's <title> a hover hint.
 */
export function TokenChart({ series, index }: TokenChartProps) {
  const { ref, width } = useWidth();
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  // Drawing only: a bar's height is a float of the exact total the server summed (a pixel cannot
  // show the digits a double drops). Every figure a person reads stays the exact text.
  const values = series.days.map((point) => Number(point.amount));
  const x = scaleBand<string>({
    domain: series.days.map((point) => point.day),
    range: [0, innerWidth],
    padding: 0.25,
  });
  const y = scaleLinear<number>({
    domain: [0, Math.max(...values, 0) || 1],
    range: [innerHeight, 0],
    nice: true,
  });
  // About one label a week, always today's.
  const every = Math.max(1, Math.ceil(series.days.length / Math.max(1, Math.floor(innerWidth / 64))));
  const labelled = series.days
    .map((point) => point.day)
    .filter((_, i, all) => (all.length - 1 - i) % every === 0);
  const fill = FILLS[index % FILLS.length];
  return (
    <div ref={ref} className="w-full">
      <svg
        width={width}
        height={HEIGHT}
        role="img"
        aria-label={`${series.symbol} awarded per day over the last ${series.days.length} days (UTC): ${series.total} in all. The figures are in the table below.`}
        className="block max-w-full overflow-visible"
      >
        <Group left={MARGIN.left} top={MARGIN.top}>
          {series.days.map((point, i) => {
            const value = values[i] ?? 0;
            const barHeight = innerHeight - (y(value) ?? innerHeight);
            return (
              <Bar
                key={point.day}
                x={x(point.day) ?? 0}
                y={innerHeight - barHeight}
                width={x.bandwidth()}
                height={value > 0 ? Math.max(1, barHeight) : 0}
                rx={2}
                className={fill}
              >
                <title>{`${shortDay(point.day)}: ${point.amount} ${series.symbol}`}</title>
              </Bar>
            );
          })}
          <AxisLeft
            scale={y}
            numTicks={3}
            tickFormat={(value) => compact.format(Number(value))}
            stroke="var(--border)"
            tickStroke="var(--border)"
            tickLabelProps={TICK_LABEL}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickValues={labelled}
            tickFormat={(day) => shortDay(String(day))}
            stroke="var(--border)"
            tickStroke="var(--border)"
            tickLabelProps={{ ...TICK_LABEL, textAnchor: "middle" }}
          />
        </Group>
      </svg>
    </div>
  );
}
