import { describe, expect, it } from "vitest";
import { batchPace, keptSamples, paceText } from "./batch-pace";

describe("a sending batch's pace", () => {
  it("is unknown until two readings at least a second apart", () => {
    expect(batchPace([], 100)).toBeNull();
    expect(batchPace([{ at: 0, answered: 0 }], 100)).toBeNull();
    expect(
      batchPace(
        [
          { at: 0, answered: 0 },
          { at: 500, answered: 3 },
        ],
        100,
      ),
    ).toBeNull();
  });

  it("is the rate over the last 30 s and the time left at it", () => {
    const samples = [
      { at: 0, answered: 0 },
      { at: 10_000, answered: 100 },
      { at: 20_000, answered: 200 },
    ];
    expect(batchPace(samples, 1_400)).toEqual({ perSecond: 10, secondsLeft: 120 });
    expect(paceText({ perSecond: 10, secondsLeft: 120 })).toBe("10 rows/s · about 2 min left");
  });

  it("follows a pause: readings older than the window no longer count", () => {
    const samples = [
      { at: 0, answered: 0 },
      { at: 10_000, answered: 500 },
      { at: 45_000, answered: 500 },
    ];
    expect(batchPace(samples, 1_000)).toEqual({ perSecond: 0, secondsLeft: null });
    expect(paceText({ perSecond: 0, secondsLeft: null })).toBe("no row answered in the last 30 s");
  });

  it("says slow rates with a decimal and long waits in hours", () => {
    expect(paceText({ perSecond: 0.4, secondsLeft: 40 })).toBe("0.4 rows/s · about 40 s left");
    expect(paceText({ perSecond: 1.25, secondsLeft: 9_000 })).toBe("1.3 rows/s · about 2.5 h left");
  });

  it("keeps the readings of the window and the one just before it", () => {
    const samples = [0, 5_000, 20_000, 40_000].map((at) => ({ at, answered: at / 1000 }));
    expect(keptSamples(samples, 40_000).map((s) => s.at)).toEqual([5_000, 20_000, 40_000]);
  });
});
