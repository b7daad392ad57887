import { describe, expect, it } from "vitest";
import { bandLayout } from "./band-layout";

describe("bandLayout", () => {
  it("places 30 days across 500 px with a quarter-step gap between bars and at both ends", () => {
    const { x, bandwidth } = bandLayout(30, 500, 0.25);
    const step = 500 / 30.25;
    expect(bandwidth).toBeCloseTo(step * 0.75, 9);
    expect(x(0)).toBeCloseTo(step * 0.25, 9);
    expect(x(1) - x(0)).toBeCloseTo(step, 9);
    expect(x(29) + bandwidth).toBeCloseTo(500 - step * 0.25, 9);
  });

  it("gives one bar the middle of the chart", () => {
    const { x, bandwidth } = bandLayout(1, 100, 0.25);
    expect(x(0)).toBeCloseTo(20, 9);
    expect(bandwidth).toBeCloseTo(60, 9);
  });

  it("draws nothing wider than the chart when there is no room", () => {
    const { x, bandwidth } = bandLayout(7, 0, 0.25);
    expect(x(6) + bandwidth).toBe(0);
  });
});
