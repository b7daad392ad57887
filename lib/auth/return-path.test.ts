import { describe, expect, it } from "vitest";
import { safeReturnPath, signInPath } from "./return-path";

describe("safeReturnPath", () => {
  it.each([
    ["/players/player-1001", "/players/player-1001"],
    ["/awards?q=abc&page=2", "/awards?q=abc&page=2"],
    ["/catalogue/products#top", "/catalogue/products#top"],
    ["/players/%20x", "/players/%20x"],
  ])("keeps the same-origin path %s", (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });

  it.each([
    ["an outside URL", "https://evil.example/steal"],
    ["a protocol-relative URL", "//evil.example/x"],
    ["a backslash host", "/\\evil.example"],
    ["a backslash later on", "/players\\..\\x"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a relative path", "players/1"],
    ["a line break", "/players\n/x"],
    ["a tab inside a scheme trick", "/\t/evil.example"],
    ["the sign-in page itself", "/sign-in?next=/x"],
    ["an API route", "/api/player?customerId=x"],
    ["an empty string", ""],
    ["not a string", 42],
    ["nothing", undefined],
  ])("falls back for %s", (_label, input) => {
    expect(safeReturnPath(input)).toBe("/");
  });

  it("falls back for a path longer than any link the console makes", () => {
    expect(safeReturnPath(`/${"a".repeat(3000)}`)).toBe("/");
  });
});

describe("signInPath", () => {
  it("carries the link asked for", () => {
    expect(signInPath("/players/player-1001?x=1")).toBe("/sign-in?next=%2Fplayers%2Fplayer-1001%3Fx%3D1");
  });
  it.each([null, "/", "https://evil.example", "//evil.example"])("is plain for %s", (requested) => {
    expect(signInPath(requested)).toBe("/sign-in");
  });
});
