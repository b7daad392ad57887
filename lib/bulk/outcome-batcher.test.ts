import { describe, expect, it } from "vitest";
import { outcomeBatcher } from "./outcome-batcher";
import { IN_FLIGHT } from "./row-pump";

const BATCH = IN_FLIGHT * 8;

/** A write that ends only when the test says so. */
function heldWrites() {
  const written: number[][] = [];
  const release: (() => void)[] = [];
  const write = (rows: number[]) =>
    new Promise<void>((resolve) => {
      written.push(rows);
      release.push(resolve);
    });
  return { written, release, write };
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe("outcomeBatcher", () => {
  it("writes a full batch at once; its last outcome waits for the write before it, not its own", async () => {
    const { written, release, write } = heldWrites();
    const outcomes = outcomeBatcher<number>(write);
    for (let i = 0; i < BATCH - 1; i += 1) await outcomes.record(i);
    expect(written).toEqual([]);
    // Fills the first batch: its write starts, and nothing is before it.
    expect(await settled(outcomes.record(BATCH - 1))).toBe(true);
    expect(written).toHaveLength(1);
    expect(written[0]).toHaveLength(BATCH);
    for (let i = 0; i < BATCH - 1; i += 1) await outcomes.record(BATCH + i);
    // Fills the second: it waits while the first write runs, and goes on once that one ends.
    const second = outcomes.record(2 * BATCH - 1);
    expect(await settled(second)).toBe(false);
    release[0]?.();
    expect(await settled(second)).toBe(true);
    // The second write follows the first, in order.
    expect(written.map((rows) => rows[0])).toEqual([0, BATCH]);
    release[1]?.();
    await outcomes.flush();
  });

  it("writes what waits on flush, and the final flush throws a write that failed", async () => {
    const written: number[][] = [];
    const outcomes = outcomeBatcher<number>(async (rows) => {
      written.push(rows);
      if (rows.includes(0)) throw new Error("the database went away");
    });
    for (let i = 0; i < BATCH; i += 1) await outcomes.record(i).catch(() => undefined);
    await outcomes.record(BATCH).catch(() => undefined);
    await expect(outcomes.flush()).rejects.toThrow("the database went away");
  });
});
