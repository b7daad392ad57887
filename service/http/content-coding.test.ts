import { describe, expect, it } from "vitest";
import { negotiateCoding, noneMatchHits } from "./content-coding";

describe("negotiateCoding", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip", "gzip"],
    ["br", "br"],
    ["gzip, deflate, br", "br"],
    ["gzip;q=1.0, br;q=0.5", "gzip"],
    ["br;q=0.8, gzip;q=0.9", "gzip"],
    ["GZIP", "gzip"],
    ["x-gzip", "gzip"],
    ["deflate", "identity"],
    ["*", "br"],
    ["*;q=0.5, br;q=0", "gzip"],
    ["br;q=0, gzip;q=0", "identity"],
    ["identity;q=0, gzip;q=0.1", "gzip"],
    ["*;q=0", "identity"],
    ["gzip;q=0.5, identity;q=0.8", "identity"],
    ["gzip ; q=0.3 , br ; q=0.3", "br"],
    ["gzip;q=2", "gzip"],
    ["gzip;q=abc", "gzip"],
  ] as const)("Accept-Encoding %j → %s", (header, coding) => {
    expect(negotiateCoding(header)).toBe(coding);
  });
});

describe("noneMatchHits", () => {
  const tags = ['"abc"', '"abc-gzip"', '"abc-br"'];
  it.each([
    [undefined, false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"abc-br"', true],
    ['"x", "abc-gzip"', true],
    ['"abcd"', false],
    ["abc", false],
    ["*", true],
  ] as const)("If-None-Match %j → %s", (header, hit) => {
    expect(noneMatchHits(header, tags)).toBe(hit);
  });
});
