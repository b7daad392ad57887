import { describe, expect, it } from "vitest";
import { repeatedFailures } from "./repeated-failures";

describe("a loop's failures", () => {
  it("are said once until the message changes, and the first round that works says so", () => {
    const lines: string[] = [];
    const failures = repeatedFailures("jobs", {
      error: (line) => lines.push(`error ${line}`),
      info: (line) => lines.push(`info ${line}`),
    });
    failures.succeeded();
    failures.failed(new Error("lacks 1 of 10 migrations"));
    failures.failed(new Error("lacks 1 of 10 migrations"));
    failures.failed(new Error("lacks 1 of 10 migrations"));
    failures.failed(new Error("the service is away"));
    failures.succeeded();
    failures.succeeded();
    failures.failed(new Error("the service is away"));
    expect(lines).toEqual([
      "error [jobs] lacks 1 of 10 migrations (tried again each round; said again when it changes)",
      "error [jobs] the service is away (tried again each round; said again when it changes)",
      "info [jobs] working again",
      "error [jobs] the service is away (tried again each round; said again when it changes)",
    ]);
  });
});
