/** Where `count` bars of one width stand across `width` pixels. */
export interface BandLayout {
  /** The left edge of bar `index`. */
  x: (index: number) => number;
  /** Every bar's width. */
  bandwidth: number;
}

/**
 * Even bars with a gap of `padding` (a fraction of a step) between bars and at both ends — what
 * d3's `scaleBand().padding(p)` computes. Written out because d3-scale, for these three lines,
 * brought its colour, interpolation and time-format modules (about 12 kB gzipped) into the
 * overview's first load (docs/console.md, "Bundle budget").
 */
export function bandLayout(count: number, width: number, padding: number): BandLayout {
  const step = width / Math.max(1, count + padding);
  const start = (width - step * (count - padding)) / 2;
  return { x: (index) => start + step * index, bandwidth: step * (1 - padding) };
}
