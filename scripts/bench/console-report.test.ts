import { describe, expect, it } from "vitest";
import { parseConsoleOptions, pickPages } from "./console-options";
import { type ConsoleRow, cpuTable, loadParagraph, share, verdicts } from "./console-report";
import { UsageError } from "./options";

const side = (requestsPerSecond: number) => ({ requestsPerSecond, p50: 1, p95: 2, responses: 10, cpu: null });
const row = (path: string, users: number, before: number, after: number): ConsoleRow => ({
  path,
  as: path === "/sign-in" ? null : "manager",
  users,
  before: side(before),
  after: side(after),
});

describe("bench:console options", () => {
  it("defaults to 5 s cells, 6e3e39a against HEAD, 1 and 10 users", () => {
    expect(parseConsoleOptions([])).toMatchObject({
      seconds: 5,
      before: "6e3e39a",
      after: "HEAD",
      users: [1, 10],
    });
    expect(parseConsoleOptions(["--seconds", "2.5", "--users=1,20"])).toMatchObject({
      seconds: 2.5,
      users: [1, 20],
    });
  });

  it("names the flag and the rule on bad input", () => {
    expect(() => parseConsoleOptions(["--seconds", "0"])).toThrow(
      new UsageError("--seconds needs a positive number, got 0"),
    );
    expect(() => parseConsoleOptions(["--before", "a;b"])).toThrow(/--before needs a commit/);
    expect(() => parseConsoleOptions(["--fast"])).toThrow("unknown argument --fast");
    expect(() => parseConsoleOptions(["--users", "1,0"])).toThrow(
      new UsageError("--users needs a positive whole number, got 0"),
    );
    expect(() => parseConsoleOptions(["--users"])).toThrow(
      new UsageError("--users needs a comma-separated list of whole numbers"),
    );
    expect(() => parseConsoleOptions(["--build-lock"])).toThrow(new UsageError("--build-lock needs a file"));
    expect(() => parseConsoleOptions(["--keep-worktrees=1"])).toThrow(
      new UsageError("--keep-worktrees takes no value"),
    );
  });

  it("--pages limits the run to those pages and the sign-in page (the floor), and refuses what is not a page", () => {
    expect(parseConsoleOptions([])).toMatchObject({ pages: null });
    expect(parseConsoleOptions(["--pages", "/,/awards/new", "--no-write-doc"])).toMatchObject({
      pages: ["/", "/awards/new"],
    });
    expect(() => parseConsoleOptions(["--pages", "/"])).toThrow(/add --no-write-doc/);
    expect(() => parseConsoleOptions(["--pages", "awards"])).toThrow(
      new UsageError("--pages needs a comma-separated list of page paths, each starting with /, got awards"),
    );
    expect(() => parseConsoleOptions(["--pages"])).toThrow(/--pages needs a comma-separated list/);
    const all = ["/sign-in", "/", "/players/player-1001", "/awards/new", "/audit"].map((path) => ({ path }));
    expect(pickPages(all, null, "/sign-in")).toEqual(all);
    expect(pickPages(all, ["/awards/new", "/"], "/sign-in").map((page) => page.path)).toEqual([
      "/sign-in",
      "/",
      "/awards/new",
    ]);
    expect(() => pickPages(all, ["/", "/nowhere"], "/sign-in")).toThrow(
      new UsageError("--pages: /nowhere is not in the console's page list (e2e/console-pages.ts)"),
    );
  });
});

describe("bench:console targets", () => {
  const rows = [
    row("/sign-in", 10, 110, 100),
    row("/", 10, 15, 55),
    row("/players/player-1001", 10, 20, 49),
    row("/awards/new", 10, 20, 60),
    row("/audit", 10, 40, 35),
  ];

  it("compares each side with its own sign-in page", () => {
    expect(share(rows, rows[1] as ConsoleRow, "after")).toBeCloseTo(0.55);
    expect(share(rows, rows[1] as ConsoleRow, "before")).toBeCloseTo(15 / 110);
  });

  it("judges the key pages, the floor and 'none slower' on the after side", () => {
    const checked = verdicts(rows, [10]);
    expect(checked.map((v) => v.met)).toEqual([true, false, true, true, false]);
    expect(checked[4]?.detail).toBe("`/audit` (manager) at 10: 0.88 ×");
  });
});

describe("bench:console's account of the machine", () => {
  it("says nothing else ran when the load stayed near the benchmark's own, and that ratios rise with load", () => {
    const text = loadParagraph([1.1, 0.9, 1.8, 1.2]);
    expect(text).toMatch(/^Nothing else ran on the machine\./);
    expect(text).toContain("1.1 at the start and 0.9–1.8 during");
    expect(text).toContain("(mean 1.3)");
    expect(text).toContain("compare ratios only between runs at a similar load");
    expect(text).not.toContain("shared");
  });

  it("says the machine was shared once other work raised the load", () => {
    const text = loadParagraph([17.8, 7.0, 17.7]);
    expect(text).toMatch(/^The machine is shared/);
    expect(text).toContain("7.0–17.7 during");
    expect(text).toContain("compare ratios only between runs at a similar load");
  });
});

describe("bench:console's CPU per answer", () => {
  it("shows each side's main thread, console and service at the highest number of users, and – where /proc could not tell", () => {
    const cpu = { consoleMain: 13.74, consoleAll: 24.5, service: 5.0 };
    const rows: ConsoleRow[] = [
      { ...row("/", 1, 20, 30), after: { ...side(30), cpu } },
      { ...row("/", 10, 20, 30), after: { ...side(30), cpu } },
    ];
    const table = cpuTable(rows);
    expect(table).toContain("CPU per answer at 10 users");
    expect(table.split("\n").filter((line) => line.startsWith("| `/`"))).toEqual([
      "| `/` (manager) | – | – | – | 13.7 | 24.5 | 5.0 |",
    ]);
  });
});
