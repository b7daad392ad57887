import { describe, expect, it } from "vitest";
import { nextBatch } from "./award-batches";

const award = (id: string, ...locks: string[]) => ({ id, locks });
const ids = (awards: readonly { id: string }[]) => awards.map((a) => a.id);

describe("nextBatch: which waiting awards go together (docs/service.md, Durability)", () => {
  it("with nothing running, every waiting award in order of arrival, up to the limit", () => {
    const waiting = [award("a", "project 1"), award("b", "project 1"), award("c", "world 2")];
    const { batch, rest } = nextBatch(waiting, new Set<string>(), 2);
    expect(ids(batch)).toEqual(["a", "b"]);
    expect(ids(rest)).toEqual(["c"]);
  });

  it("an award that would wait for a running batch's lock waits here, and so does what is behind it on that lock", () => {
    const waiting = [
      award("a", "project 1"),
      award("b", "project 2"),
      award("c", "project 2", "project 3"),
      award("d", "project 3"),
      award("e", "world 1"),
    ];
    const { batch, rest } = nextBatch(waiting, new Set(["project 1"]), 64);
    // b goes; a waits for the running batch; c shares nothing with a; d does not overtake c.
    expect(ids(batch)).toEqual(["b", "c", "d", "e"]);
    expect(ids(rest)).toEqual(["a"]);

    const second = nextBatch(waiting, new Set(["project 2"]), 64);
    expect(ids(second.batch)).toEqual(["a", "e"]);
    expect(ids(second.rest)).toEqual(["b", "c", "d"]);
  });

  it("past the limit, the awards left keep their order and block theirs for what follows", () => {
    const waiting = [award("a", "project 1"), award("b", "project 2"), award("c", "project 1")];
    const { batch, rest } = nextBatch(waiting, new Set<string>(), 1);
    expect(ids(batch)).toEqual(["a"]);
    expect(ids(rest)).toEqual(["b", "c"]);
  });
});
