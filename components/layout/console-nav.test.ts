import { describe, expect, it } from "vitest";
import { consoleNav, currentHref } from "./console-nav";

const labels = (groups: ReturnType<typeof consoleNav>) =>
  groups.map((group) => [group.heading, group.items.map((item) => item.label)]);

describe("consoleNav", () => {
  it("offers support the pages they may read: no award sending, wallet or settings; the request log", () => {
    expect(labels(consoleNav("support", { wallet: true }))).toEqual([
      [null, ["Overview"]],
      ["Catalogue", ["Products", "Prices", "Tokens", "Translations"]],
      [null, ["Players"]],
      ["Awards", ["History", "Campaigns"]],
      ["Developers", ["Requests"]],
    ]);
  });

  it("offers owners Developers last, with Keys, Webhooks and Requests, whatever the wallet", () => {
    expect(labels(consoleNav("owner", { wallet: false })).at(-1)).toEqual([
      "Developers",
      ["Keys", "Webhooks", "Requests"],
    ]);
  });

  it("offers a manager sending, approvals and the wallet, not settings", () => {
    expect(labels(consoleNav("manager", { wallet: true })).slice(3)).toEqual([
      ["Awards", ["History", "New award", "Bulk awards", "Campaigns", "Approvals"]],
      [null, ["Wallet"]],
    ]);
  });

  it("shows the count of requests waiting for the person's approval on Approvals, only when there are some", () => {
    const approvals = (counts?: { approvals: number }) =>
      consoleNav("owner", { wallet: true, counts })
        .flatMap((group) => group.items)
        .find((item) => item.href === "/approvals");
    expect(approvals({ approvals: 3 })?.count).toEqual({ value: 3, label: "waiting for your approval" });
    expect(approvals({ approvals: 0 })).not.toHaveProperty("count");
    expect(approvals()).not.toHaveProperty("count");
    // No other link carries the number.
    const counted = consoleNav("owner", { wallet: true, palette: true, counts: { approvals: 3 } })
      .flatMap((group) => group.items)
      .filter((item) => item.count);
    expect(counted.map((item) => item.href)).toEqual(["/approvals"]);
  });

  it("offers Approvals in the palette to the roles that may approve, found by what it does", () => {
    const approvals = (role: "support" | "manager") =>
      consoleNav(role, { wallet: true, palette: true })
        .flatMap((group) => group.items)
        .find((item) => item.href === "/approvals");
    expect(approvals("support")).toBeUndefined();
    expect(approvals("manager")?.keywords).toEqual(
      expect.arrayContaining(["four-eyes", "approve", "reject"]),
    );
  });

  it("offers an owner settings and the audit log; the wallet only when the service offers it", () => {
    expect(labels(consoleNav("owner", { wallet: true })).at(-2)).toEqual([
      null,
      ["Wallet", "Settings", "Audit log"],
    ]);
    expect(labels(consoleNav("owner", { wallet: false })).at(-2)).toEqual([null, ["Settings", "Audit log"]]);
  });

  it("adds the pages inside a section for the palette only, by permission", () => {
    const hrefs = (role: "owner" | "manager") =>
      consoleNav(role, { wallet: false, palette: true }).flatMap((group) =>
        group.items.map((item) => item.href),
      );
    expect(hrefs("owner")).toEqual(
      expect.arrayContaining([
        "/settings/users",
        "/settings/connections",
        "/settings/policies",
        "/settings/security",
      ]),
    );
    expect(hrefs("manager")).not.toContain("/settings/users");
    expect(consoleNav("owner", { wallet: false }).flatMap((g) => g.items.map((i) => i.href))).not.toContain(
      "/settings/users",
    );
  });
});

describe("currentHref", () => {
  const hrefs = ["/", "/players", "/awards", "/awards/new", "/awards/bulk", "/approvals", "/settings"];
  it.each([
    ["/", "/"],
    ["/players", "/players"],
    ["/players/player-1001", "/players"],
    ["/awards", "/awards"],
    ["/awards/0e0c9f1e-0000-4000-8000-000000000000", "/awards"],
    ["/awards/new", "/awards/new"],
    ["/awards/bulk/12", "/awards/bulk"],
    ["/approvals/7", "/approvals"],
    ["/awardsx", null],
    ["/settings/connections", "/settings"],
    ["/items/77", null],
  ])("%s marks %s", (pathname, expected) => {
    expect(currentHref(pathname, hrefs)).toBe(expected);
  });
});
