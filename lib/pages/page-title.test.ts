import { describe, expect, it } from "vitest";
import { recordTitle } from "./page-title";

describe("recordTitle", () => {
  it("names the record before its section", () => {
    expect(recordTitle("player-1001", "Players")).toEqual({ title: "player-1001 · Players" });
  });
  it("decodes the URL segment and trims it", () => {
    expect(recordTitle("sakura%40%E4%BE%8B%E3%81%88.jp%20", "Players")).toEqual({
      title: "sakura@例え.jp · Players",
    });
  });
  it("keeps a malformed escape as it is instead of failing the page", () => {
    expect(recordTitle("bad%E0", "Awards")).toEqual({ title: "bad%E0 · Awards" });
  });
  it("cuts a long record name", () => {
    const title = String(recordTitle("x".repeat(200), "Awards").title);
    expect(title).toBe(`${"x".repeat(59)}… · Awards`);
  });
  it("falls back to the section for an empty record", () => {
    expect(recordTitle("%20", "Players")).toEqual({ title: "Players" });
  });
});
