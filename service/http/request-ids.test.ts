import { describe, expect, it } from "vitest";
import { RequestIds } from "./request-ids";

/** The service's own request ids (docs/service.md, "X-Request-Id"). */
describe("RequestIds", () => {
  const VERSION_8 = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it("makes version 8 UUIDs of the RFC 9562 variant that count up after a prefix of the instance", () => {
    const ids = new RequestIds();
    const made = Array.from({ length: 300 }, () => ids.next());
    for (const id of made) expect(id).toMatch(VERSION_8);
    expect(new Set(made).size).toBe(300);
    expect(made.every((id) => id.startsWith(ids.prefix))).toBe(true);
    expect(made.map((id) => Number.parseInt(id.slice(24), 16))).toEqual(made.map((_, n) => n + 1));
  });

  it("draws a new prefix for each instance", () => {
    const prefixes = new Set(Array.from({ length: 50 }, () => new RequestIds().prefix));
    expect(prefixes.size).toBe(50);
    const variants = new Set([...prefixes].map((prefix) => prefix[19]));
    expect([...variants].every((v) => "89ab".includes(v as string))).toBe(true);
  });
});
