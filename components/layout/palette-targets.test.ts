import { describe, expect, it } from "vitest";
import { matchesTyped, paletteTargets } from "./palette-targets";

const REQUEST_ID = "0E0C9F1E-5B7A-4C3D-8E9F-0123456789AB";

describe("paletteTargets", () => {
  it("offers the player for a Customer ID, trimmed and encoded for the path", () => {
    expect(paletteTargets("  player 1001/eu ")).toEqual({
      player: { id: "player 1001/eu", href: "/players/player%201001%2Feu" },
      award: null,
    });
  });

  it("offers the award too when the text has a RequestID's form (any case)", () => {
    expect(paletteTargets(` ${REQUEST_ID}`)).toEqual({
      player: { id: REQUEST_ID, href: `/players/${REQUEST_ID}` },
      award: { id: REQUEST_ID, href: `/awards/${REQUEST_ID}` },
    });
  });

  it.each([
    ["", "empty"],
    ["   ", "only spaces"],
    ["..", "a path step"],
    ["a\u200bb", "an invisible character"],
    ["x".repeat(129), "too long"],
  ])("offers no player for %j (%s)", (typed) => {
    expect(paletteTargets(typed).player).toBeNull();
  });

  it("offers no award for text that is not a UUID", () => {
    expect(paletteTargets("0e0c9f1e-5b7a-4c3d-8e9f").award).toBeNull();
  });
});

describe("matchesTyped", () => {
  it.each([
    ["", ["Products"], true],
    ["prod", ["Products"], true],
    ["NEW aw", ["New award"], true],
    ["csv", ["Bulk awards", "csv", "batch"], true],
    ["player-1001", ["Players", "customer"], false],
    ["bulk history", ["Bulk awards"], false],
  ])("%j in %j: %s", (typed, words, expected) => {
    expect(matchesTyped(typed, words)).toBe(expected);
  });
});
