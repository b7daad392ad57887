import { describe, expect, it } from "vitest";
import { parseOptions, readFlags, UsageError } from "./options";

describe("bench flags (readFlags, shared by every bench command)", () => {
  it("reads --flag value and --flag=value, runs bare flags, and answers help", () => {
    const seen: string[] = [];
    const flags = {
      "--name": { value: (text: string | undefined, flag: string) => seen.push(`${flag}:${text}`) },
      "--on": { bare: () => seen.push("on") },
    };
    expect(readFlags(["--name", "a", "--on", "--name=b=c"], flags)).toBeUndefined();
    expect(seen).toEqual(["--name:a", "on", "--name:b=c"]);
    expect(readFlags(["--on", "-h", "--nonsense"], flags)).toBe("help");
    expect(readFlags(["--help=yes"], flags)).toBe("help");
  });

  it("names the argument and the rule on bad input, in one line", () => {
    const flags = { "--on": { bare: () => {} }, "--name": { value: () => {} } };
    expect(() => readFlags(["--on=yes"], flags)).toThrow(new UsageError("--on takes no value"));
    expect(() => readFlags(["--fast"], flags)).toThrow(new UsageError("unknown argument --fast"));
    expect(() => readFlags(["--fast=1"], flags)).toThrow(new UsageError("unknown argument --fast=1"));
    // Not a flag of the table because it is an object's own name.
    expect(() => readFlags(["toString"], flags)).toThrow(new UsageError("unknown argument toString"));
  });
});

describe("npm run bench options", () => {
  it("defaults, --quick's smoke run, and explicit flags winning over --quick", () => {
    expect(parseOptions([])).toMatchObject({
      backends: ["pglite", "postgres"],
      scale: 10_000,
      concurrency: [1, 10, 50],
      queue: 10_000,
      writeDoc: true,
      quick: false,
    });
    expect(parseOptions(["--quick", "--scale=500", "--concurrency", "1,4", "--queue", "0"])).toMatchObject({
      scale: 500,
      large: 20_000,
      concurrency: [1, 4],
      duration: 2,
      queue: 0,
      writeDoc: false,
      quick: true,
    });
    expect(
      parseOptions(["--backends", "postgres,postgres", "--warmup", "0.5", "--pglite-large"]),
    ).toMatchObject({
      backends: ["postgres"],
      warmup: 0.5,
      pgliteLarge: true,
    });
    expect(parseOptions(["--quick", "--write-doc"])).toMatchObject({ writeDoc: true });
    expect(parseOptions(["--help"])).toBe("help");
  });

  it("names the flag and the rule on bad input", () => {
    expect(() => parseOptions(["--scale", "1.5"])).toThrow(
      new UsageError("--scale needs a positive whole number, got 1.5"),
    );
    expect(() => parseOptions(["--duration", "-1"])).toThrow(
      new UsageError("--duration needs a positive number, got -1"),
    );
    expect(() => parseOptions(["--pool-size"])).toThrow(
      new UsageError("--pool-size needs a positive whole number, got nothing"),
    );
    expect(() => parseOptions(["--queue", "-5"])).toThrow(
      new UsageError("--queue needs a positive whole number, got -5"),
    );
    expect(() => parseOptions(["--concurrency"])).toThrow(
      new UsageError("--concurrency needs a comma-separated list of whole numbers"),
    );
    expect(() => parseOptions(["--concurrency", "1,x"])).toThrow(
      new UsageError("--concurrency needs a positive whole number, got x"),
    );
    expect(() => parseOptions(["--backends", "mysql"])).toThrow(
      new UsageError("--backends takes pglite and/or postgres, got mysql"),
    );
    expect(() => parseOptions(["--quick=1"])).toThrow(new UsageError("--quick takes no value"));
    expect(() => parseOptions(["--fast"])).toThrow(new UsageError("unknown argument --fast"));
  });
});
