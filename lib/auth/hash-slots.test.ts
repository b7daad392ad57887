import { describe, expect, it } from "vitest";
import { HashSlots } from "./hash-slots";

const gate = () => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
};

describe("room for password checks", () => {
  it("runs at most `concurrent` checks at once; the others wait in line and all finish", async () => {
    const slots = new HashSlots(2, 2);
    const gates = [gate(), gate(), gate(), gate()];
    let peak = 0;
    let running = 0;
    const runs = gates.map((g, i) =>
      slots.run(`client-${i}`, async () => {
        running += 1;
        peak = Math.max(peak, running);
        await g.opened;
        running -= 1;
        return i;
      }),
    );
    await Promise.resolve();
    expect(slots.load).toEqual({ running: 2, waiting: 2 });
    for (const g of gates) g.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(peak).toBe(2);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses a client's third check while two of its own run or wait, without running it", async () => {
    const slots = new HashSlots(1, 2);
    const g = gate();
    let ran = 0;
    const work = async () => {
      ran += 1;
      await g.opened;
      return "done";
    };
    const first = slots.run("1.2.3.4", work);
    const second = slots.run("1.2.3.4", work);
    expect(await slots.run("1.2.3.4", work)).toBeNull();
    const other = slots.run("5.6.7.8", work);
    g.open();
    expect(await Promise.all([first, second, other])).toEqual(["done", "done", "done"]);
    expect(ran).toBe(3);
    expect(await slots.run("1.2.3.4", async () => "again")).toBe("again");
  });

  it("frees the slot when a check throws", async () => {
    const slots = new HashSlots(1, 1);
    await expect(slots.run("c", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await slots.run("c", async () => 1)).toBe(1);
  });

  it("refuses at once, without running it, a check that finds the line full", async () => {
    const slots = new HashSlots(2, 2, 3);
    const g = gate();
    // A hundred clients at once (issue 25): two run, three wait, the rest are refused unrun.
    const runs = Array.from({ length: 100 }, (_, i) =>
      slots.run(`client-${i}`, async () => {
        await g.opened;
        return i;
      }),
    );
    expect(slots.load).toEqual({ running: 2, waiting: 3 });
    expect(slots.counts).toEqual({ ran: 2, refused: 95 });
    g.open();
    const results = await Promise.all(runs);
    expect(results.filter((r) => r !== null)).toEqual([0, 1, 2, 3, 4]);
    expect(slots.counts).toEqual({ ran: 5, refused: 95 });
  });
});
