import { describe, expect, it } from "vitest";
import { checkCustomerId, operatorCustomerId } from "./customer-id";

describe("a Customer ID from a person", () => {
  it.each([
    ["player-1002 ", "player-1002"],
    ["  player-1001  ", "player-1001"],
    ["\tplayer-7\n", "player-7"],
    ["\u00a0player-8\u3000", "player-8"],
    ["a b", "a b"],
    ["玩家-1", "玩家-1"],
  ])("trims %j to %j", (raw, id) => {
    expect(operatorCustomerId.parse(raw)).toBe(id);
  });

  it.each([
    ["", "must not be empty"],
    ["   ", "must not be empty"],
    ["play\u0000er", "must not contain control characters"],
    ["play\ner", "must not contain control characters"],
    ["play\u200ber", "must not contain invisible characters"],
    ["\u202eplayer", "must not contain invisible characters"],
    [".", 'must not be "." or ".."'],
    ["x".repeat(129), "must be at most 128 characters"],
  ])("refuses %j: %s", (raw, problem) => {
    const checked = checkCustomerId(raw);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problem).toContain(problem);
  });

  it("keeps 128 characters after trimming", () => {
    expect(checkCustomerId(` ${"x".repeat(128)} `)).toEqual({ ok: true, id: "x".repeat(128) });
  });
});
